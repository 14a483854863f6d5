import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { posAdminKeys } from './queries';

/** After a change: the lists ask again, a notice says what changed, the dialog closes. */
export function useSaved(title: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (message: string) => {
      void queryClient.invalidateQueries({ queryKey: posAdminKeys.all });
      notifications.show({ color: 'green', title, message });
      onClose();
    },
  };
}

function ErrorLine({ error }: { error: Error | null }) {
  return error ? (
    <Alert color="red" title="Not saved">
      {error.message}
    </Alert>
  ) : null;
}

/**
 * The form of every agent and terminal dialog: why the last try was not saved, the fields,
 * then Cancel and the dialog's own action.
 */
export function SaveForm(props: {
  error: Error | null;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  submitColor?: string | undefined;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack>
        <ErrorLine error={props.error} />
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={props.submitColor} loading={props.saving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Deactivating an agent or a terminal, or activating it again, with a reason kept in its history
 * (docs/pos.md "Agents and terminals"). `warning` says, before deactivating, what it does.
 */
export function ActiveSwitchDialog<T extends { isActive: boolean }>(props: {
  subject: T | null;
  onClose: () => void;
  /** How the dialog and the notice name the subject: the agent's name, the terminal's id. */
  nameOf: (subject: T) => string;
  closeLabel: string;
  warning: ReactNode;
  reasonRequired: (subject: T | null) => boolean;
  savedTitle: string;
  change: (subject: T, reason: string) => Promise<T>;
  /** Whether closing with the dialog's close button forgets the last try's failure. */
  resetOnClose?: boolean;
}) {
  const { subject, onClose, nameOf } = props;
  const [reason, setReason] = useState('');
  const saved = useSaved(props.savedTitle, () => {
    setReason('');
    onClose();
  });
  const save = useMutation({
    mutationFn: (s: T) => props.change(s, reason),
    onSuccess: (s) => saved.onSuccess(`${nameOf(s)} is ${s.isActive ? 'active' : 'deactivated'}.`),
  });
  const verb = subject?.isActive ? 'Deactivate' : 'Activate';
  return (
    <AppModal
      opened={subject !== null}
      onClose={() => {
        if (props.resetOnClose) save.reset();
        onClose();
      }}
      title={subject ? `${verb} ${nameOf(subject)}` : verb}
      closeButtonProps={{ 'aria-label': props.closeLabel }}
    >
      <SaveForm
        error={save.error}
        onSubmit={() => {
          if (subject) save.mutate(subject);
        }}
        onCancel={onClose}
        submitLabel={verb}
        submitColor={subject?.isActive ? 'red' : undefined}
        saving={save.isPending}
      >
        {subject?.isActive && <Alert color="yellow">{props.warning}</Alert>}
        <Textarea
          label="Reason"
          required={props.reasonRequired(subject)}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
      </SaveForm>
    </AppModal>
  );
}
