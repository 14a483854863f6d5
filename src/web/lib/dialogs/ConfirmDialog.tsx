import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './AppModal';

/** "Are you sure?" before a change that cannot be taken back (ends sessions, stops someone working, removes a file). */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  isPending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': `Close ${props.title}` }}
    >
      <Stack gap="md">
        <Text size="sm">{props.message}</Text>
        {props.error && (
          <Alert color="red" variant="light" role="alert" title="Not done">
            {props.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          {/* Focus starts on the harmless answer: Enter on opening changes nothing. */}
          <Button variant="default" onClick={props.onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={props.color} loading={props.isPending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
