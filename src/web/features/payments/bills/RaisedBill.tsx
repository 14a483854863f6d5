import { Alert, Button, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments/rrrText';
import type { PaymentView } from '../../../../shared/payments/views';
import { RRR_PENDING_CONFIRMATION } from '../format';

/**
 * What a bill dialog shows once Remita has issued the RRR: the RRR large enough to read out,
 * a copy button, and what the taxpayer does with it. The taxpayer page's bill and an
 * assessment's bill end the same way.
 */
export function RaisedBill({ bill, onClose }: { bill: PaymentView; onClose: () => void }) {
  const rrr = bill.rrr ?? '';
  if (bill.isRrrPendingConfirmation) {
    return (
      <Stack gap="md">
        <Alert color="notice" variant="light" role="status" title={RRR_PENDING_CONFIRMATION}>
          The bill for {formatKoboAsNaira(bill.amountKobo)} to {bill.mda.name} is recorded, but
          Remita's answer did not arrive. RevDesk asks Remita for its RRR by the bill's order number
          ({bill.orderId}) and records it: open the bill in the payment history in a few minutes to
          read the RRR. Do not raise the bill again.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>
        Remita issued this RRR for {formatKoboAsNaira(bill.amountKobo)} to {bill.mda.name}. Give it
        to the taxpayer: they pay with it at any bank, by card or at a POS.
      </Text>
      <Stack gap={4} align="center" p="md" role="group" aria-label="The bill's RRR">
        <Text size="sm" c="dimmed">
          RRR
        </Text>
        <Title order={2} size="h1" ff="monospace" data-testid="raised-rrr">
          {formatRrr(rrr)}
        </Title>
        <CopyButton value={rrr}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? 'RRR copied' : 'Copy RRR'}
            </Button>
          )}
        </CopyButton>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
