import { Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { dayInFigures } from '../../../../shared/dates';
import { meQuery } from '../../../lib/api/queries';
import { ListLoadError } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { activeMdasQuery } from '../../demandNotices/queries';
import { AgainstCards } from './AgainstCards';
import { BudgetNote } from './BudgetNote';
import { MixFigures, TrendFigure } from './Figures';
import { naira } from './format';
import { mdaDashboardQuery } from './queries';

const TITLE = 'MDA Dashboard';

const POS_PERIODS = [
  { key: 'today', label: 'Today' },
  { key: 'month', label: 'This month' },
  { key: 'year', label: 'This year' },
] as const;

/**
 * docs/product.md §2 dashboard/mda-dashboard (docs/dashboards.md): one MDA's collections,
 * against its budget, its POS takings and its mix; an MDA officer sees only their own MDAs (the
 * server answers 404 for any other). An officer of one MDA opens it at once; one of several, or
 * an officer of the whole state, chooses.
 */
export function MdaDashboardPage() {
  const canRead = usePermission('report:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <MdaDashboardView />;
}

function MdaDashboardView() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const { data: me } = useQuery(meQuery());
  const search = useSearch({ strict: false }) as { mda?: string };
  const own = me?.user.mdaPrivileges ?? [];
  const mdaId = search.mda ?? (own.length > 0 ? own[0] : undefined);
  const navigate = useNavigate();
  // Only an officer with a choice to make asks for the MDA list.
  const choosing = own.length !== 1;
  const mdas = useQuery({ ...activeMdasQuery(), enabled: choosing });
  const query = useQuery({ ...mdaDashboardQuery(mdaId ?? ''), enabled: mdaId !== undefined });
  const data = query.data;
  const hasBudget = data ? data.budgetVersion !== null : true;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLE}
          {data ? `: ${data.mdaName}` : ''}
        </Title>
        <Text size="sm" c="dimmed">
          Collections net of reversals
          {data ? ` up to ${dayInFigures(data.day)} (Lagos)` : ''}, against the budget for the same
          days, and POS takings.
        </Text>
        {data && <BudgetNote version={data.budgetVersion} year={data.day.slice(0, 4)} />}
      </Stack>
      {choosing && (
        <Select
          label="MDA"
          placeholder="Choose an MDA"
          searchable
          maw={420}
          value={mdaId ?? null}
          data={(mdas.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          onChange={(value) =>
            void navigate({
              to: '.',
              search: (prev: Record<string, unknown>) => ({ ...prev, mda: value ?? undefined }),
              replace: true,
            } as never)
          }
        />
      )}

      {mdaId === undefined ? (
        <Text>
          {own.length === 0 && choosing
            ? 'Choose an MDA to see its dashboard.'
            : 'Your account holds no MDA yet. Ask your MDA administrator for access.'}
        </Text>
      ) : query.isError ? (
        <ListLoadError
          what="The MDA's dashboard"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <AgainstCards data={data} hasBudget={hasBudget} />
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pos-takings">
            <Title order={2} size="h4" id="pos-takings">
              POS takings
            </Title>
            <Text size="sm" c="dimmed">
              Recorded on this MDA's terminals; part of the collections above.
            </Text>
            {data ? (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="xs">
                {POS_PERIODS.map(({ key, label }) => (
                  <div key={key}>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text fw={700}>{naira(data.pos[key].amountKobo)}</Text>
                    <Text size="sm">
                      {data.pos[key].count.toLocaleString('en-NG')} transaction
                      {data.pos[key].count === 1 ? '' : 's'}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            ) : (
              <Skeleton height={60} mt="xs" />
            )}
          </Paper>
          <TrendFigure data={data} hasBudget={hasBudget} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <MixFigures data={data} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
