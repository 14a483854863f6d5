import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { dayInFigures } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import type {
  PosDashboard,
  PosDashboardGroup,
  PosDashboardPeriod,
} from '../../../../shared/pos/dashboard';
import { ListLoadError } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { posDashboardQuery } from '../transactions/queries';
import { DailyChart } from './DailyChart';
import { PullDay } from './PullDay';

/** Repeated from src/shared/pos/dashboard.ts: no zod in this chunk. */
const PERIODS: { value: PosDashboardPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
];

const TITLE = 'Benjis POS Dashboard';

/**
 * docs/product.md §2 transactions/benjis-dashboard (OFFICER_BENJIS; ADMIN reads it too):
 * today's, this week's and this month's takings, the chosen period by agent, terminal, MDA and
 * revenue head, thirty days of takings, silent terminals and the transactions held for review.
 */
export function PosDashboardPage() {
  const canRead = usePermission('pos:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <Dashboard />;
}

function Dashboard() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const search = useSearch({ strict: false }) as { period?: PosDashboardPeriod };
  const period = search.period ?? 'today';
  const navigate = useNavigate();
  const canPull = usePermission('pos:settle');
  const query = useQuery(posDashboardQuery(period));
  const data = query.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Recorded POS takings{data ? ` up to ${dayInFigures(data.day)}` : ''}; it refreshes every
            minute.
          </Text>
        </Stack>
      </Group>

      {query.isError ? (
        <ListLoadError
          what="The dashboard"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {PERIODS.map((p) => (
              <Paper key={p.value} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {p.label}
                </Text>
                {data ? (
                  <>
                    <Text fw={700} fz="xl">
                      {formatKoboAsNaira(data.periods[p.value].amountKobo)}
                    </Text>
                    <Text size="sm">
                      {data.periods[p.value].count.toLocaleString('en-NG')} transactions
                    </Text>
                  </>
                ) : (
                  <Skeleton height={44} mt={4} />
                )}
              </Paper>
            ))}
          </SimpleGrid>

          <HeldAndSilent data={data} />

          {data ? <DailyChart days={data.daily} /> : <Skeleton height={260} radius="md" />}

          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
              <Title order={2} size="h4">
                Takings by
              </Title>
              <SegmentedControl
                aria-label="Period"
                size="xs"
                value={period}
                data={PERIODS}
                onChange={(value) =>
                  void navigate({
                    to: '.',
                    search: (prev: Record<string, unknown>) => ({
                      ...prev,
                      period: value === 'today' ? undefined : value,
                    }),
                    replace: true,
                  } as never)
                }
              />
            </Group>
            {data ? <Breakdowns data={data} /> : <Skeleton height={200} />}
          </Paper>

          {canPull && <PullDay />}
        </>
      )}
    </Stack>
  );
}

function HeldAndSilent({ data }: { data: PosDashboard | undefined }) {
  const base = useShellBase();
  if (!data) return <Skeleton height={80} />;
  const { held, silentTerminals } = data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4">
          Held for review
        </Title>
        <Text size="sm" mt={4}>
          {held.count === 0
            ? 'No transaction is waiting for review.'
            : `${held.count.toLocaleString('en-NG')} transaction${held.count === 1 ? '' : 's'} from unknown or inactive terminals, not yet revenue.`}
        </Text>
        {held.count > 0 && (
          <Button
            component={Link}
            to={`${base}/transactions/benjis-held`}
            size="xs"
            mt="sm"
            variant="light"
          >
            Review held transactions
          </Button>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4">
          Sent nothing today
        </Title>
        {silentTerminals.count === 0 ? (
          <Text size="sm" mt={4}>
            Every active terminal has sent a transaction today.
          </Text>
        ) : (
          <>
            <Alert
              variant="light"
              color="notice"
              mt={4}
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden="true" />}
            >
              {silentTerminals.count.toLocaleString('en-NG')} active terminal
              {silentTerminals.count === 1 ? '' : 's'} sent nothing today.
            </Alert>
            <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {silentTerminals.items.slice(0, 10).map((t) => (
                <Text key={t.terminalId} component="li" size="sm">
                  <strong>{t.terminalId}</strong> · {t.agentName ?? 'no agent'} · last{' '}
                  {t.lastDay ? dayInFigures(t.lastDay) : 'never'}
                </Text>
              ))}
            </Stack>
          </>
        )}
      </Paper>
    </SimpleGrid>
  );
}

type Breakdown = {
  key: 'agent' | 'terminal' | 'mda' | 'head';
  label: string;
  groups: PosDashboardGroup[];
};

function Breakdowns({ data }: { data: PosDashboard }) {
  const base = useShellBase();
  const lists: Breakdown[] = [
    { key: 'agent', label: 'Agent', groups: data.byAgent },
    { key: 'terminal', label: 'Terminal', groups: data.byTerminal },
    { key: 'mda', label: 'MDA', groups: data.byMda },
    { key: 'head', label: 'Revenue head', groups: data.byRevenueHead },
  ];
  /** The transactions behind a group, where the list can filter by it. */
  const linkOf = (kind: Breakdown['key'], g: PosDashboardGroup) => {
    const days = `from=${data.from}&to=${data.to}&state=recorded`;
    if (kind === 'agent' && g.key) return `${base}/transactions/benjis?agentId=${g.key}&${days}`;
    if (kind === 'terminal')
      return `${base}/transactions/benjis?terminalId=${encodeURIComponent(g.key)}&${days}`;
    if (kind === 'mda' && g.key) return `${base}/transactions/benjis?mdaId=${g.key}&${days}`;
    return null;
  };
  return (
    <Tabs defaultValue="agent">
      <Tabs.List>
        {lists.map((l) => (
          <Tabs.Tab key={l.key} value={l.key}>
            {l.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {lists.map((l) => (
        <Tabs.Panel key={l.key} value={l.key} pt="sm">
          {l.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing recorded in this period.
            </Text>
          ) : (
            <Table striped aria-label={`Takings by ${l.label.toLowerCase()}`} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{l.label}</Table.Th>
                  <Table.Th ta="right" w={90}>
                    Count
                  </Table.Th>
                  <Table.Th ta="right" w={130}>
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {l.groups.map((g) => {
                  const href = linkOf(l.key, g);
                  return (
                    <Table.Tr key={g.key}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {href ? (
                          <Anchor component={Link} to={href} size="sm">
                            {g.name}
                          </Anchor>
                        ) : (
                          g.name
                        )}
                        {g.detail && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            {g.detail}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{g.count.toLocaleString('en-NG')}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatKoboAsNaira(g.amountKobo)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
