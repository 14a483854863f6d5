import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { JobStatus } from '../../../shared/payments/enums';
import { CheckFailureAlert } from '../failures/FailureAlert';

/** docs/product.md §8: the words of the old portal's result dialogs. */
export const PROCESS_SUCCESSFUL = 'Process Successful!';
export const PROCESS_FAILED = 'Process Failed';

/** A refused upload or a failed job (docs/product.md §8): the server's own text, and what to do. */
export function ProcessFailedAlert({ error }: { error: unknown }) {
  return <CheckFailureAlert title={PROCESS_FAILED} error={error} />;
}

type BatchJob = { status: JobStatus; fileName: string; total: number; error: string | null };

/**
 * A file worked through by a background job row by row (docs/architecture.md §9 long work: the
 * RRR batch check, the MDA staff certificates): how far it is, polled by `job` until it ends,
 * its rows by outcome, then its result or its failure, and the result file.
 */
export function BatchJobProgress<J extends BatchJob>(props: {
  job: UseQueryResult<J>;
  /** Rows with an outcome so far. */
  doneOf: (job: J) => number;
  /** What the running job has done: "x.csv: 3 of 10 RRRs checked". */
  runningText: (job: J) => string;
  /** The progress bar's name: "RRRs checked". */
  progressLabel: string;
  countsOf: (job: J) => [label: string, count: string][];
  startingText: string;
  /** Names what could not be followed: "RevDesk could not say how far the check is". */
  unfollowedTitle: string;
  /** Why the officer may leave while it runs. */
  carryOnText: string;
  succeededText: (job: J) => ReactNode;
  /** The failure's words when the job gave none. */
  stoppedText: string;
  /** Shown once the job has ended, above the buttons (the rows that failed). */
  children?: ReactNode;
  anotherLabel: string;
  onAnother: () => void;
  result: { href: string; label: string; evenWhenFailed?: boolean };
}) {
  const { job, result } = props;
  const data = job.data;
  const isDone = data?.status === 'succeeded' || data?.status === 'failed';
  const percent = data && data.total > 0 ? Math.floor((props.doneOf(data) * 100) / data.total) : 0;

  return (
    <Stack gap="md">
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {data.status === 'queued'
              ? `${data.fileName}: waiting to start…`
              : props.runningText(data)}
          </Text>
          <Progress
            value={percent}
            size="lg"
            striped={!isDone}
            animated={!isDone}
            color={data.status === 'failed' ? 'red.8' : undefined}
            aria-label={props.progressLabel}
          />
          <SimpleGrid cols={3} spacing="xs" aria-label="Rows by outcome">
            {props.countsOf(data).map(([label, count]) => (
              <Text key={label} size="sm">
                {label}: <strong>{count}</strong>
              </Text>
            ))}
          </SimpleGrid>
        </>
      )}
      {job.isPending && <Text size="sm">{props.startingText}</Text>}
      {job.isError && <CheckFailureAlert title={props.unfollowedTitle} error={job.error} />}
      {!isDone && !job.isError && (
        <Text size="sm" c="dimmed">
          {props.carryOnText}
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
          {props.succeededText(data)}
        </Alert>
      )}
      {data?.status === 'failed' && (
        <ProcessFailedAlert error={new Error(data.error ?? props.stoppedText)} />
      )}
      {isDone && props.children}
      {isDone && (
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onAnother}>
            {props.anotherLabel}
          </Button>
          {(data?.status === 'succeeded' || result.evenWhenFailed) && (
            <Button
              component="a"
              href={result.href}
              download
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              {result.label}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
