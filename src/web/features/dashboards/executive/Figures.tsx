import { Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ExecutiveDashboard, MdaPerformance } from '../../../../shared/dashboards/executive';
import { CHANNEL_LABELS } from '../../../../shared/dashboards/labels';
import { PAYMENT_TYPE_LABELS } from '../../../../shared/payments/enums';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { formatMonth, formatShare, naira } from './format';

type Charted = Pick<ExecutiveDashboard, 'trend' | 'channelMix' | 'taxTypeMix'>;

/** The 24 months: collected against the month's budget. */
export function TrendFigure({
  data,
  hasBudget,
}: {
  data: Charted | undefined;
  hasBudget: boolean;
}) {
  if (!data) return <Skeleton height={320} />;
  const rows = data.trend.map((t) => ({ ...t, month: formatMonth(t.month) }));
  return (
    <ChartFigure
      title="Collected against budget, last 24 months"
      kind="line"
      data={rows}
      labelKey="month"
      series={[
        { key: 'collectedKobo', label: 'Collected' },
        ...(hasBudget ? [{ key: 'budgetKobo', label: 'Budget (demo)' }] : []),
      ]}
      format="naira"
      height={280}
      order={2}
      description={
        hasBudget
          ? 'Each month to date against its whole demo budget.'
          : 'No budget is held: collections only.'
      }
    />
  );
}

/** The year to date by channel and by tax type, largest first, as bars with their figures. */
export function MixFigures({ data }: { data: Charted | undefined }) {
  if (!data) return <Skeleton height={260} />;
  const channels = data.channelMix.map((c) => ({
    channel: CHANNEL_LABELS[c.channel],
    collectedKobo: c.collectedKobo,
  }));
  const taxTypes = data.taxTypeMix.map((t) => ({
    taxType: PAYMENT_TYPE_LABELS[t.taxType] ?? t.taxType,
    collectedKobo: t.collectedKobo,
  }));
  return (
    <>
      {channels.length === 0 ? (
        <NothingYet what="By channel, this year" />
      ) : (
        <ChartFigure
          title="By channel, this year"
          kind="bar-horizontal"
          data={channels}
          labelKey="channel"
          series={[{ key: 'collectedKobo', label: 'Collected' }]}
          format="naira"
          order={2}
          height={Math.max(160, channels.length * 44)}
        />
      )}
      {taxTypes.length === 0 ? (
        <NothingYet what="By tax type, this year" />
      ) : (
        <ChartFigure
          title="By tax type, this year"
          kind="bar-horizontal"
          data={taxTypes}
          labelKey="taxType"
          series={[{ key: 'collectedKobo', label: 'Collected' }]}
          format="naira"
          order={2}
          height={Math.max(160, taxTypes.length * 44)}
        />
      )}
    </>
  );
}

function NothingYet({ what }: { what: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5">
        {what}
      </Title>
      <Text size="sm" mt={4}>
        Nothing has been collected this year yet.
      </Text>
    </Paper>
  );
}

/** A list of MDAs with what they collected against their budget. */
export function MdaTable({
  caption,
  items,
  hasBudget,
  empty,
}: {
  caption: string;
  items: MdaPerformance[];
  hasBudget: boolean;
  empty: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" mt={4}>
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">MDA</Table.Th>
            <Table.Th scope="col" ta="right">
              Collected
            </Table.Th>
            {hasBudget && (
              <>
                <Table.Th scope="col" ta="right">
                  Budget
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  % of budget
                </Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.mdaId}>
              <Table.Th scope="row" fw={500}>
                {m.mdaName}
              </Table.Th>
              <Table.Td ta="right">{naira(m.collectedKobo)}</Table.Td>
              {hasBudget && (
                <>
                  <Table.Td ta="right">{m.budgetKobo > 0 ? naira(m.budgetKobo) : '—'}</Table.Td>
                  <Table.Td ta="right">{formatShare(m.performance)}</Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
