import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BATCH_ROW_OUTCOMES, type BatchRowOutcome } from '../../../shared/payments/enums';
import { CheckFailureAlert } from './CheckParts';
import { batchJobQuery, batchResultUrl } from './queries';

const OUTCOME_LABELS: Record<BatchRowOutcome, string> = {
  paid: 'Paid',
  pending: 'Not paid yet',
  failed: 'Failed',
  'not-found': 'Not found',
  invalid: 'Invalid rows',
  error: 'Could not check',
};

/** docs/product.md §8: the words of the old portal's result dialogs. */
export const PROCESS_SUCCESSFUL = 'Process Successful!';
export const PROCESS_FAILED = 'Process Failed';

/** A refused upload or a failed job (docs/product.md §8): the server's own text, and what to do. */
export function ProcessFailedAlert({ error }: { error: unknown }) {
  return <CheckFailureAlert title={PROCESS_FAILED} error={error} />;
}

/** How far the background job is, polled until it ends; then its result or its failure. */
export function BatchProgress({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const job = useQuery(batchJobQuery(jobId));
  const data = job.data;
  const isDone = data?.status === 'succeeded' || data?.status === 'failed';
  const percent = data && data.total > 0 ? Math.floor((data.processed * 100) / data.total) : 0;

  return (
    <Stack gap="md">
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {data.status === 'queued'
              ? `${data.fileName}: waiting to start…`
              : `${data.fileName}: ${data.processed.toLocaleString('en-NG')} of ${data.total.toLocaleString('en-NG')} RRRs checked`}
          </Text>
          <Progress
            value={percent}
            size="lg"
            striped={!isDone}
            animated={!isDone}
            color={data.status === 'failed' ? 'red.8' : undefined}
            aria-label="RRRs checked"
          />
          <SimpleGrid cols={3} spacing="xs" aria-label="Rows by outcome">
            {BATCH_ROW_OUTCOMES.map((outcome) => (
              <Text key={outcome} size="sm">
                {OUTCOME_LABELS[outcome]}: <strong>{data.counts[outcome] ?? 0}</strong>
              </Text>
            ))}
          </SimpleGrid>
        </>
      )}
      {job.isPending && <Text size="sm">Starting the check…</Text>}
      {job.isError && (
        <CheckFailureAlert title="RevDesk could not say how far the check is" error={job.error} />
      )}
      {!isDone && !job.isError && (
        <Text size="sm" c="dimmed">
          You may close this dialog: the check carries on at the server. Keep it open to download
          the results when it ends.
        </Text>
      )}
      {data?.status === 'succeeded' && (
        <Alert
          color="revenue"
          variant="light"
          role="alert"
          title={PROCESS_SUCCESSFUL}
          icon={<IconCircleCheck size={18} aria-hidden="true" />}
        >
          Every row of {data.fileName} has been checked. The results file gives each RRR's outcome.
        </Alert>
      )}
      {data?.status === 'failed' && (
        <ProcessFailedAlert error={new Error(data.error ?? 'The check stopped before the end.')} />
      )}
      {isDone && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            Check another file
          </Button>
          {data?.status === 'succeeded' && (
            <Button
              component="a"
              href={batchResultUrl(jobId)}
              download
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              Download results
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
