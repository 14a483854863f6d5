import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { WorkQueues } from '../../../shared/dashboards/queues';
import { api } from '../../lib/api/api';
import { BusyRegion } from '../../lib/pending/skeletons';
import { toShellPath, useShellBase } from '../../shell/shellPaths';
import classes from './DashboardPage.module.css';
import { splitLink, waitedFor } from './waiting';

/** GET /api/v1/dashboards/me: the officer's work queue (docs/work-queues.md). */
export const workQueuesQuery = () =>
  queryOptions({
    queryKey: ['dashboards', 'me'] as const,
    queryFn: () => api.get<WorkQueues>('/api/v1/dashboards/me'),
    staleTime: 30_000,
  });

const count = new Intl.NumberFormat('en-NG');

/**
 * "Your work": a card for each list with something waiting for the officer — how many, what,
 * how long the oldest has waited — opening that list with the same filter.
 */
export function WorkQueueSection() {
  const base = useShellBase();
  const { data, error, isPending, refetch, isRefetching } = useQuery(workQueuesQuery());
  const waiting = data?.queues.filter((q) => q.count > 0) ?? [];
  const now = new Date();

  return (
    <section aria-labelledby="your-work-heading" aria-busy={isPending}>
      <Title order={2} size="h4" id="your-work-heading" mb="md">
        Your work
      </Title>
      {isPending ? (
        <BusyRegion label="Loading your work">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={104} radius="md" />
            ))}
          </SimpleGrid>
        </BusyRegion>
      ) : error ? (
        <Alert color="red" variant="light" title="Your work could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" onClick={() => void refetch()} loading={isRefetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : waiting.length === 0 ? (
        <Text c="dimmed">Nothing waiting for you.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {waiting.map((queue) => {
            const { path, search } = splitLink(queue.link);
            return (
              <Paper
                key={queue.key}
                component={Link}
                to={toShellPath(base, path)}
                // A path known only at run time: the router cannot type its search.
                search={search as never}
                withBorder
                radius="md"
                p="lg"
                className={classes.task}
                data-queue={queue.key}
              >
                <Text fz={28} fw={700} lh={1.1}>
                  {count.format(queue.count)}
                </Text>
                <Text component="h3" fw={650} mt={4}>
                  {queue.label}
                </Text>
                {queue.oldestWaitingSince && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {waitedFor(queue.oldestWaitingSince, now)}
                  </Text>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
