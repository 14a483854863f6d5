import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type CheckKind = 'rrr' | 'rrr-batch' | 'evas';

type CheckDialog = { title: string; size: 'lg' | 'md'; purpose: ReactNode };

/**
 * SPEC.md §2 "RRR check modals". Their working forms arrive with the payments issue; until then
 * each dialog says what it will do, and never shows a made-up result.
 */
const CHECK_DIALOGS: Record<CheckKind, CheckDialog> = {
  rrr: {
    title: 'Check RRR',
    size: 'lg',
    purpose: (
      <>
        Check the status of one payment with Remita: choose the MDA it was paid to, enter its Remita
        Retrieval Reference (RRR), and see the payer, amount, date and status.
      </>
    ),
  },
  'rrr-batch': {
    title: 'Check RRR (Multiple)',
    size: 'md',
    purpose: (
      <>
        Check many payments at once: upload a CSV file of RRRs and download the status of each, with
        a progress bar while they are checked.
      </>
    ),
  },
  evas: {
    title: 'Auto Reg/EVAS Check Status',
    size: 'lg',
    purpose: (
      <>
        Check whether a payment's RRR has been auto-registered in EVAS, and see the customer ID,
        status and date it returns.
      </>
    ),
  },
};

/**
 * One static dialog at a time: no closing by backdrop click or Escape (SPEC.md §2); Close
 * resets it and dismisses it.
 */
export function CheckModals({ open, onClose }: { open: CheckKind | null; onClose: () => void }) {
  return (
    <>
      {(Object.keys(CHECK_DIALOGS) as CheckKind[]).map((kind) => {
        const dialog = CHECK_DIALOGS[kind];
        return (
          <Modal
            key={kind}
            opened={open === kind}
            onClose={onClose}
            title={dialog.title}
            size={dialog.size}
            centered
            closeOnClickOutside={false}
            closeOnEscape={false}
            closeButtonProps={{ 'aria-label': `Close ${dialog.title}` }}
          >
            <Stack gap="md">
              <Text>{dialog.purpose}</Text>
              <Alert
                role="note"
                color="notice"
                variant="light"
                icon={<IconInfoCircle size={18} />}
                title="Not available yet"
              >
                This check is not available yet. It arrives with RevDesk's payments module, which
                connects to Remita{kind === 'evas' ? ' and EVAS' : ''}.
              </Alert>
              <Group justify="flex-end">
                <Button onClick={onClose}>Close</Button>
              </Group>
            </Stack>
          </Modal>
        );
      })}
    </>
  );
}
