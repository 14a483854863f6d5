import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TCC_STAGE_LABELS, TCC_STATUS_LABELS, type TccStage } from '../../../../shared/tcc/enums';
import { TCC_SCREENS, type TccScreen } from '../../../../shared/tcc/lists';
import type { TccView } from '../../../../shared/tcc/views';
import { useShellBase } from '../../../shell/shellPaths';
import { tccNextQuery } from '../common/queries';
import type { TccListSearch } from '../common/tccSearch';

/** A decision just made on this page: what it was, at which stage, on which certificate. */
export type TccDecision = {
  action: 'approve' | 'reject' | 'print';
  /** The stage that decided (approve, reject); null for printing. */
  stage: TccStage | null;
  id: string;
  number: string;
};

/** The queue the decision was made from: the stage's pending list, or the printing officer's. */
export function queueOf(
  kind: TccView['kind'],
  decision: Pick<TccDecision, 'action' | 'stage'>,
): { screen: TccScreen; search: TccListSearch } | null {
  const screen =
    decision.action === 'print'
      ? TCC_SCREENS.find((s) => s.kind === kind && s.view === 'completed')
      : TCC_SCREENS.find(
          (s) => s.kind === kind && s.view === 'stage-pending' && s.stage === decision.stage,
        );
  if (!screen) return null;
  return decision.action === 'print'
    ? { screen, search: { status: 'approved', sort: 'queue' } }
    : { screen, search: { sort: '-waiting' } };
}

const DONE: Record<TccDecision['action'], string> = {
  approve: 'approved',
  reject: 'rejected',
  print: 'printed',
};

/**
 * After approve, reject or print: the confirmation, the next certificate of the same queue (the
 * one that has waited longest, as the server reads the queue now) and the way back to the queue.
 */
export function TccOutcome({ decision, view }: { decision: TccDecision; view: TccView }) {
  const base = useShellBase();
  const queue = queueOf(view.kind, decision);
  // The server says what is next (the queue's order, separation of duties applied).
  const list = useQuery({
    ...tccNextQuery(view.kind, decision.stage ?? 'print', decision.id),
    enabled: queue !== null,
  });
  const next = list.data?.next ?? null;
  const by = decision.stage ? ` as ${TCC_STAGE_LABELS[decision.stage]}` : '';
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={`Certificate ${decision.number} ${DONE[decision.action]}${by}`}
      data-testid="tcc-outcome"
    >
      <Stack gap="sm">
        <Text size="sm">It is now “{TCC_STATUS_LABELS[view.status]}”.</Text>
        {queue && (
          <Group gap="sm" wrap="wrap">
            {next ? (
              <Button
                component={Link}
                to={`${base}/taxs/tcc/${next.id}`}
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
              >
                Next in the queue: {next.number}
              </Button>
            ) : list.isSuccess ? (
              <Text size="sm" data-testid="tcc-queue-empty">
                Nothing else is waiting in this queue.
              </Text>
            ) : null}
            <Button
              component={Link}
              to={`${base}/${queue.screen.path}`}
              variant="default"
              leftSection={<IconList size={16} aria-hidden="true" />}
            >
              Back to the queue
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
