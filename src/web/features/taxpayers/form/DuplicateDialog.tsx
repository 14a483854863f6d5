import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DuplicateWarning, ExactDuplicate } from '../../../../shared/taxpayers';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { useShellBase } from '../../../shell/shellPaths';

/** A link that opens the taxpayer's page in a new tab, so the form keeps what was typed. */
function TaxpayerLink({ btin, children }: { btin: string; children: React.ReactNode }) {
  const base = useShellBase();
  return (
    <Anchor component={Link} to={`${base}/taxpayer/${btin}`} target="_blank">
      {children}
    </Anchor>
  );
}

/** Likely duplicates: the officer looks at them, then registers anyway or cancels. */
export function DuplicateDialog({
  warnings,
  isSaving,
  onConfirm,
  onCancel,
}: {
  warnings: DuplicateWarning[] | null;
  isSaving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AppModal
      opened={warnings !== null}
      onClose={onCancel}
      title="Possible duplicate taxpayers"
      size="lg"
      centered
      zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close possible duplicates' }}
    >
      <Stack gap="md">
        <Text>
          These registered taxpayers look like the one you are registering. Open them to check
          before you register another.
        </Text>
        <List spacing="xs">
          {(warnings ?? []).map((warning) => (
            <List.Item key={`${warning.btin}-${warning.reason}`}>
              <TaxpayerLink btin={warning.btin}>
                BTIN {warning.btin}: {warning.displayName}
              </TaxpayerLink>{' '}
              <Text span size="sm" c="dimmed">
                ({warning.message})
              </Text>
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={isSaving}>
            Register anyway
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

const EXACT_FIELD_NAMES = { nin: 'NIN', cacNumber: 'CAC number' } as const;

/** The same NIN or CAC number is registered already: a second registration is refused. */
export function ExactDuplicateAlert({ duplicate }: { duplicate: ExactDuplicate }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Already registered">
      This {EXACT_FIELD_NAMES[duplicate.field]} is already registered as BTIN {duplicate.btin} (
      {duplicate.displayName}).{' '}
      <TaxpayerLink btin={duplicate.btin}>Open BTIN {duplicate.btin}</TaxpayerLink>
    </Alert>
  );
}
