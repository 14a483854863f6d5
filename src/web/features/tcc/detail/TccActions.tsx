import { Button, Group } from '@mantine/core';
import { IconBan, IconCheck, IconEdit, IconPrinter, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { tccGenerateScreenOf } from '../../../../shared/tcc/lists';
import type { TccView } from '../../../../shared/tcc/views';
import { useLazyDialog } from '../../../lib/useLazyDialog';
import { useShellBase } from '../../../shell/shellPaths';
import type { TccModalAction } from './ActionModals';

const loadActionModal = () => import('./ActionModals').then((module) => module.TccActionModal);

/**
 * The buttons of one certificate's page, from the `actions` the server allows this officer now
 * (the stage's permission and separation of duties applied: docs/architecture.md §5). Each opens its dialog;
 * "Resubmit" goes to the kind's generate page to amend it.
 */
export function TccActions({ view }: { view: TccView }) {
  const base = useShellBase();
  const [open, setOpen] = useState<TccModalAction | null>(null);
  // The last action asked for stays, so the dialog keeps its text while it closes; each opening
  // is a new dialog, so nothing typed or refused the last time is still there.
  const [last, setLast] = useState<{ action: TccModalAction; opening: number }>({
    action: 'approve',
    opening: 0,
  });
  const modal = useLazyDialog(loadActionModal, open !== null);
  const can = new Set(view.actions);
  const ask = (action: TccModalAction) => {
    setLast((previous) => ({ action, opening: previous.opening + 1 }));
    setOpen(action);
  };
  if (can.size === 0) return null;
  return (
    <>
      <Group gap="sm" wrap="wrap">
        {can.has('approve') && (
          <Button
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            onClick={() => ask('approve')}
          >
            Approve
          </Button>
        )}
        {can.has('reject') && (
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconX size={16} aria-hidden="true" />}
            onClick={() => ask('reject')}
          >
            Reject
          </Button>
        )}
        {can.has('resubmit') && (
          <Button
            component={Link}
            to={`${base}/${tccGenerateScreenOf(view.kind).path}`}
            // The generate route's search gains `amend` with the amend form; typed by route only.
            search={{ amend: view.id } as never}
            leftSection={<IconEdit size={16} aria-hidden="true" />}
          >
            Amend and resubmit
          </Button>
        )}
        {can.has('print') && (
          <Button
            leftSection={<IconPrinter size={16} aria-hidden="true" />}
            onClick={() => ask('print')}
          >
            {view.printCount > 0 ? 'Print a copy' : 'Print'}
          </Button>
        )}
        {can.has('revoke') && (
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconBan size={16} aria-hidden="true" />}
            onClick={() => ask('revoke')}
          >
            Revoke
          </Button>
        )}
      </Group>
      {modal.Dialog && (
        <modal.Dialog
          key={last.opening}
          opened={modal.opened}
          action={last.action}
          view={view}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
