import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_CHANNELS } from '../../../../shared/payments/enums';
import type { MdaSummaryReport } from '../../../../shared/reports/collections';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { CHANNEL_LABELS } from './CollectionByMdaPage';
import { MdaSelect } from './MdaSelect';
import { mdaSummaryQuery, reportMdasQuery } from './queries';
import {
  naira,
  ReportFrame,
  ReportTable,
  ReportTotals,
  useReportSearch,
  whole,
} from './ReportParts';

const TITLE = 'MDA Summary Report';

/**
 * /birs/reporting/mda-summary-report (docs/reports.md): one MDA's period on a page, from the
 * rollups only: collections by channel and revenue head, demand notices issued, POS takings,
 * arrears and, when recorded, the budget.
 */
export function MdaSummaryReportPage() {
  if (!usePermission('report:read')) return <NoAccess title={TITLE} />;
  return <MdaSummary />;
}

function MdaSummary() {
  const { search, setSearch } = useReportSearch();
  const mdas = useQuery(reportMdasQuery());
  // The officer's first MDA until they choose another: the report is of one MDA.
  const mdaId = search.mdaId ?? mdas.data?.[0]?.id;
  const query = useQuery({
    ...mdaSummaryQuery({ ...search, mdaId }),
    enabled: mdaId !== undefined,
  });
  return (
    <ReportFrame
      title={TITLE}
      description="One MDA's period on a page: collections by channel and revenue head, demand notices, POS takings and arrears."
      exportPath={mdaId ? 'mda-summary' : undefined}
      search={{ ...search, mdaId }}
      onSearch={setSearch}
      filters={<MdaSelect value={mdaId} onChange={(next) => setSearch({ mdaId: next })} />}
      query={query}
      what="The MDA summary"
      isEmpty={() => false}
      empty=""
    >
      {(data) => <SummaryBody data={data} />}
    </ReportFrame>
  );
}

function Figure(props: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} size="lg">
        {props.value}
      </Text>
      {props.note && (
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      )}
    </Paper>
  );
}

function SummaryBody({ data }: { data: MdaSummaryReport }) {
  const channels = PAYMENT_CHANNELS.map((c) => ({
    channel: CHANNEL_LABELS[c],
    amountKobo: data.collections.byChannel[c],
  }));
  return (
    <Stack gap="lg">
      <ReportTotals
        label={`Totals of ${data.mda.mdaName}`}
        figures={[
          ['Collected', data.collections.amountKobo],
          ['POS takings', data.pos.amountKobo],
          ['Arrears', data.arrears.outstandingKobo],
        ]}
        count={['Payments', data.collections.count]}
      />
      <ChartFigure
        title="Collections by channel"
        description={`${data.mda.mdaName}, ${data.from} to ${data.to}`}
        kind="bar"
        data={channels}
        labelKey="channel"
        series={[{ key: 'amountKobo', label: 'Collected' }]}
        format="naira"
        height={240}
      />
      <ReportTable
        caption="Collections per revenue head"
        rows={data.byRevenueHead}
        rowKey={(h) => h.revenueHeadCode || 'none'}
        columns={[
          {
            header: 'Revenue head',
            cell: (h) =>
              h.revenueHeadCode ? `${h.revenueHeadCode} · ${h.revenueHeadName}` : h.revenueHeadName,
          },
          { header: 'Payments', cell: (h) => whole(h.count), numeric: true },
          { header: 'Collected', cell: (h) => naira(h.amountKobo), numeric: true },
        ]}
        footer={['Total', whole(data.collections.count), naira(data.collections.amountKobo)]}
      />
      <section aria-labelledby="summary-notices">
        <Title order={2} size="h4" mb="sm" id="summary-notices">
          Demand notices, POS and arrears
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          <Figure
            label="Demand notices issued"
            value={whole(data.demandNotices.count)}
            note={`Billed ${naira(data.demandNotices.billedKobo)}, paid ${naira(data.demandNotices.paidKobo)}`}
          />
          <Figure label="Outstanding on them" value={naira(data.demandNotices.outstandingKobo)} />
          <Figure
            label="POS takings"
            value={naira(data.pos.amountKobo)}
            note={`${whole(data.pos.count)} transactions`}
          />
          <Figure
            label="Arrears today"
            value={naira(data.arrears.outstandingKobo)}
            note={`${whole(data.arrears.count)} notices past their due date, not fully paid`}
          />
          {data.budget ? (
            <Figure
              label={`Budget ${data.budget.year}`}
              value={naira(data.budget.budgetKobo)}
              note={`Actual ${naira(data.budget.actualKobo)}`}
            />
          ) : (
            <Figure
              label="Budget"
              value="Not shown"
              note="Budget performance is on the budget reports."
            />
          )}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
