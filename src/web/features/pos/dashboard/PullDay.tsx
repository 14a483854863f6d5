import { Alert, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { addDays, dayInFigures, todayInLagos } from '../../../../shared/dates';
import type { PosPullView } from '../../../../shared/pos/pull';
import { DateField } from '../../../lib/dates/DateField';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { posKeys } from '../transactions/queries';
import { isPullDone, PULL_OUTCOMES, pullQuery, startPull } from './pullQueries';

/** How far back the server lets an officer pull (PULL_DAYS_BACK_MAX in pull/service.ts). */
const DAYS_BACK_MAX = 92;

/**
 * "Catch up a day from the provider" (docs/pos.md "The pull"), for holders of pos:settle: a
 * day up to today, then the pull's progress until it finishes or fails (with the provider's
 * reason), then how many of the day's transactions came out each way.
 */
export function PullDay() {
  const today = todayInLagos();
  const [day, setDay] = useState<string | null>(addDays(today, -1));
  const [error, setError] = useState<string | undefined>();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({ mutationFn: startPull, onSuccess: (r) => setJobId(r.jobId) });

  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4">
        Catch up a day from the provider
      </Title>
      <Text size="sm" mt={4}>
        Asks Benjis for every transaction of the day and records those RevDesk missed; those already
        here count once.
      </Text>
      <form
        noValidate
        aria-label="Catch up a day from the provider"
        onSubmit={(event) => {
          event.preventDefault();
          if (!day) {
            setError('Choose the day');
            return;
          }
          setJobId(null);
          start.mutate(day);
        }}
      >
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          <DateField
            label="Day"
            value={day}
            required
            minDate={addDays(today, -DAYS_BACK_MAX)}
            maxDate={today}
            onChange={(value) => {
              setDay(value);
              setError(undefined);
              start.reset();
            }}
            error={error}
            w={180}
          />
          <Button type="submit" loading={start.isPending}>
            Pull the day
          </Button>
        </Group>
      </form>
      {start.isError && (
        <Stack mt="sm">
          <CheckFailureAlert title="The pull was not started" error={start.error} />
        </Stack>
      )}
      {jobId && <PullProgress jobId={jobId} />}
    </Paper>
  );
}

function PullProgress({ jobId }: { jobId: string }) {
  const query = useQuery(pullQuery(jobId));
  const queryClient = useQueryClient();
  const pull = query.data;
  const done = isPullDone(pull);
  useEffect(() => {
    // What the pull recorded shows in the takings above.
    if (done) void queryClient.invalidateQueries({ queryKey: [...posKeys.all, 'dashboard'] });
  }, [done, queryClient]);

  if (query.isError) {
    return (
      <Stack mt="sm">
        <CheckFailureAlert title="The pull’s progress cannot be read" error={query.error} />
      </Stack>
    );
  }
  if (!pull) return <Progress mt="sm" value={0} aria-label="The pull’s progress" />;
  return (
    <Stack gap="xs" mt="sm">
      <Text size="sm" role="status">
        {statusInWords(pull)}
      </Text>
      {!done && (
        <Progress
          value={pull.total > 0 ? (100 * pull.processed) / pull.total : 0}
          aria-label="The pull’s progress"
          animated
        />
      )}
      {pull.status === 'failed' && (
        <Alert color="red" variant="light" title="The pull stopped">
          {pull.error ?? 'The provider could not be reached.'} The transactions recorded so far
          stay; pull the day again later.
        </Alert>
      )}
      {(done || pull.processed > 0) && <Outcomes pull={pull} />}
    </Stack>
  );
}

function statusInWords(pull: PosPullView): string {
  const of = `the transactions of ${dayInFigures(pull.day)}`;
  switch (pull.status) {
    case 'queued':
      return `Waiting to pull ${of}…`;
    case 'running':
      return `Pulling ${of}: ${pull.processed.toLocaleString('en-NG')} of ${pull.total.toLocaleString('en-NG')} read…`;
    case 'succeeded':
      return `Pulled ${of}: ${pull.processed.toLocaleString('en-NG')} read.`;
    case 'failed':
      return `The pull of ${of} failed after ${pull.processed.toLocaleString('en-NG')} read.`;
  }
}

function Outcomes({ pull }: { pull: PosPullView }) {
  return (
    <Table aria-label="What the pull recorded" layout="fixed" maw={420}>
      <Table.Tbody>
        {PULL_OUTCOMES.map((o) => (
          <Table.Tr key={o.key}>
            <Table.Th scope="row" fw={400}>
              {o.label}
            </Table.Th>
            <Table.Td ta="right" w={90}>
              {(pull.outcomes[o.key] ?? 0).toLocaleString('en-NG')}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
