import { Button, Group, Stack } from '@mantine/core';
import { IconBan, IconCheck, IconEdit, IconPrinter, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { stageAwaited } from '../../../../shared/tcc/chain';
import { tccGenerateScreenOf } from '../../../../shared/tcc/lists';
import type { TccView } from '../../../../shared/tcc/views';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { useShellBase } from '../../../shell/shellPaths';
import type { TccModalAction } from './ActionModals';
import { type TccDecision, TccOutcome } from './TccOutcome';

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
  const [last, setLast] = useState<{
    action: TccModalAction;
    opening: number;
    /** The stage the certificate waited on when the dialog opened: the one deciding. */
    stage: ReturnType<typeof stageAwaited>;
  }>({ action: 'approve', opening: 0, stage: null });
  const modal = useLazyDialog(loadActionModal, open !== null);
  // The decision made here, while the page shows the same certificate (a new id is a new page).
  const [decision, setDecision] = useState<TccDecision | null>(null);
  const can = new Set(view.actions);
  const ask = (action: TccModalAction) => {
    setLast((previous) => ({
      action,
      opening: previous.opening + 1,
      stage: stageAwaited(view.status),
    }));
    setOpen(action);
  };
  const done = (action: TccModalAction) => {
    if (action === 'revoke') return;
    setDecision({
      action,
      stage: action === 'print' ? null : last.stage,
      id: view.id,
      number: view.number,
    });
  };
  const outcome =
    decision && decision.id === view.id ? <TccOutcome decision={decision} view={view} /> : null;
  if (can.size === 0) return outcome;
  return (
    <Stack gap="sm">
      {outcome}
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
          onDone={done}
        />
      )}
    </Stack>
  );
}
