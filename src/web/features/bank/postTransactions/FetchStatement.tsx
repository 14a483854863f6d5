import { Alert, Button, Group, Progress, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePermission } from '../../../lib/routing/usePermission';
import { bankKeys, fetchJobQuery, fetchStatement } from './queries';

/**
 * "Fetch statement": the bank's statement for the account and days, fetched as a job (docs/bank.md)
 * whose progress shows here; the lines, totals and reconciliation reload when it is done.
 */
export function FetchStatement(props: { accountNumber: string; from: string; to: string }) {
  const canFetch = usePermission('bank:fetch');
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => fetchStatement(props),
    onSuccess: ({ jobId: id }) => setJobId(id),
  });
  const job = useQuery({ ...fetchJobQuery(jobId ?? ''), enabled: jobId !== null });
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') {
      void queryClient.invalidateQueries({ queryKey: bankKeys.lines() });
      void queryClient.invalidateQueries({ queryKey: bankKeys.aggregates() });
      void queryClient.invalidateQueries({ queryKey: bankKeys.reconciliations() });
    }
  }, [status, queryClient]);
  if (!canFetch) return null;
  const running = start.isPending || status === 'queued' || status === 'running';
  const total = job.data?.total ?? 0;
  const percent = total > 0 ? Math.round(((job.data?.processed ?? 0) * 100) / total) : 0;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => start.mutate()} loading={running} h={44}>
          Fetch statement
        </Button>
      </Group>
      {running && jobId && (
        <Progress value={percent} aria-label="Statement fetch progress" animated />
      )}
      {status === 'succeeded' && (
        <Alert color="revenue" variant="light" role="status">
          Statement fetched: {job.data?.stored ?? 0} new {job.data?.stored === 1 ? 'line' : 'lines'}{' '}
          stored, each matched to the ledger where it could be.
        </Alert>
      )}
      {status === 'failed' && (
        <Alert color="red" variant="light" role="alert" title="The statement could not be fetched">
          {job.data?.error ?? 'The bank did not answer.'} Nothing was posted; try again.
        </Alert>
      )}
      {start.isError && (
        <Alert color="red" variant="light" role="alert">
          {start.error.message}
        </Alert>
      )}
    </Stack>
  );
}
