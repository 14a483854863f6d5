import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RematchResult } from '../../../../shared/bank/matching';
import { usePermission } from '../../../lib/routing/usePermission';
import { bankKeys, rematchLines } from './queries';

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

function outcome(result: RematchResult): string {
  if (result.looked === 0) return 'No credit of these days is still open: nothing to match again.';
  const open = result.ambiguous + result.unmatched;
  return `${credits(result.looked)} looked at again: ${result.matched} matched now, ${open} still to decide${result.ambiguous > 0 ? ` (${result.ambiguous} ambiguous)` : ''}.`;
}

/**
 * "Match again" (docs/bank-matching.md "Matching again"): the rules run anew over the days'
 * open credits, so a payment recorded after the statement was fetched finds its credit without
 * fetching again. ADMIN only (`bank:post`); the lines and reconciliation reload after.
 */
export function MatchAgain(props: { accountNumber: string; from: string; to: string }) {
  const canPost = usePermission('bank:post');
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: () => rematchLines(props),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bankKeys.lines() });
      void queryClient.invalidateQueries({ queryKey: bankKeys.reconciliations() });
    },
  });
  if (!canPost) return null;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => run.mutate()} loading={run.isPending} h={44}>
          Match again
        </Button>
      </Group>
      {run.isSuccess && (
        <Alert color="revenue" variant="light" role="status">
          {outcome(run.data)}
        </Alert>
      )}
      {run.isError && (
        <Alert color="red" variant="light" role="alert" title="Not matched again">
          {run.error.message}
        </Alert>
      )}
    </Stack>
  );
}
