import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dayInFigures } from '../../../../shared/dates';
import type { PosTakingsReport } from '../../../../shared/reports/pos';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { MdaSelect } from '../collections/MdaSelect';
import { posTakingsQuery } from '../collections/queries';
import {
  monthLabel,
  naira,
  ReportFrame,
  ReportTable,
  ReportTotals,
  useReportSearch,
  whole,
} from '../collections/ReportParts';

/** The most groups a dashboard chart draws; its table holds every one. */
const CHARTED = 10;

const PAGES = {
  mda: {
    title: 'MDA POS Transaction Report',
    description:
      "Your MDA's recorded POS takings in the period, per terminal and agent, from the POS daily totals.",
  },
  dashboard: {
    title: 'POS Report Dashboard',
    description:
      'Recorded POS takings in the period by day, terminal, agent and MDA, from the POS daily totals.',
  },
} as const;

/**
 * The POS takings pages (docs/reports.md "POS reports"): OFFICER_MDA_ADMIN's
 * /birs/reporting/mda-transaction-report-pos (per terminal and agent) and the POS report
 * dashboard of the executive and MDA officers (by day, terminal, agent and MDA). MDA staff see
 * their MDAs' terminals only (the server filters).
 */
export function PosTakingsPage({ variant }: { variant: keyof typeof PAGES }) {
  if (!usePermission('report:read')) return <NoAccess title={PAGES[variant].title} />;
  return <PosTakings variant={variant} />;
}

export function PosReportDashboardPage() {
  return <PosTakingsPage variant="dashboard" />;
}

export function MdaPosTransactionReportPage() {
  return <PosTakingsPage variant="mda" />;
}

function PosTakings({ variant }: { variant: keyof typeof PAGES }) {
  const { search, setSearch } = useReportSearch();
  const query = useQuery(posTakingsQuery(search));
  return (
    <ReportFrame
      title={PAGES[variant].title}
      description={PAGES[variant].description}
      exportPath="pos-takings"
      search={search}
      onSearch={setSearch}
      filters={
        <MdaSelect
          value={search.mdaId}
          onChange={(mdaId) => setSearch({ mdaId })}
          anyLabel="All MDAs"
        />
      }
      query={query}
      what="The POS takings"
      isEmpty={(d) => d.totals.count === 0 && d.byTerminal.length === 0}
      empty="No POS takings were recorded in this period."
    >
      {(data) => <PosBody data={data} variant={variant} />}
    </ReportFrame>
  );
}

/** The chart of takings over time: by day, or by month for a long period. */
export function TakingsOverTime({ data }: { data: PosTakingsReport }) {
  const label = data.seriesBy === 'day' ? dayInFigures : monthLabel;
  return (
    <ChartFigure
      title={data.seriesBy === 'day' ? 'POS takings by day' : 'POS takings by month'}
      description={`${dayInFigures(data.from)} to ${dayInFigures(data.to)}`}
      kind="bar"
      data={data.series.map((s) => ({ period: label(s.period), amountKobo: s.amountKobo }))}
      labelKey="period"
      series={[{ key: 'amountKobo', label: 'Takings' }]}
      format="naira"
    />
  );
}

function PosBody({ data, variant }: { data: PosTakingsReport; variant: keyof typeof PAGES }) {
  const total = ['Total', whole(data.totals.count), naira(data.totals.amountKobo)];
  return (
    <>
      <ReportTotals
        label={data.mda ? `Totals of ${data.mda.mdaName}` : 'Totals of the period'}
        figures={[['Takings', data.totals.amountKobo]]}
        count={['Transactions', data.totals.count]}
      />
      <TakingsOverTime data={data} />
      {variant === 'dashboard' && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ChartFigure
            title="Takings by agent"
            kind="bar-horizontal"
            data={data.byAgent
              .slice(0, CHARTED)
              .map((a) => ({ agent: a.agentName, amountKobo: a.amountKobo }))}
            labelKey="agent"
            series={[{ key: 'amountKobo', label: 'Takings' }]}
            format="naira"
            order={3}
          />
          <ChartFigure
            title="Takings by MDA"
            kind="bar-horizontal"
            data={data.byMda
              .slice(0, CHARTED)
              .map((m) => ({ mda: m.mdaName, amountKobo: m.amountKobo }))}
            labelKey="mda"
            series={[{ key: 'amountKobo', label: 'Takings' }]}
            format="naira"
            order={3}
          />
        </SimpleGrid>
      )}
      <ReportTable
        caption="Takings per terminal"
        rows={data.byTerminal}
        rowKey={(t) => t.terminalId}
        columns={[
          { header: 'Terminal', cell: (t) => t.terminalId },
          { header: 'Transactions', cell: (t) => whole(t.count), numeric: true },
          { header: 'Takings', cell: (t) => naira(t.amountKobo), numeric: true },
          { header: 'Agent', cell: (t) => t.agentName },
          { header: 'MDA', cell: (t) => t.mdaName },
        ]}
        footer={[...total, '', '']}
      />
      <ReportTable
        caption="Takings per agent"
        rows={data.byAgent}
        rowKey={(a) => a.agentId || 'none'}
        columns={[
          { header: 'Agent', cell: (a) => a.agentName },
          { header: 'Transactions', cell: (a) => whole(a.count), numeric: true },
          { header: 'Takings', cell: (a) => naira(a.amountKobo), numeric: true },
        ]}
        footer={total}
      />
      {variant === 'dashboard' && (
        <ReportTable
          caption="Takings per MDA"
          rows={data.byMda}
          rowKey={(m) => m.mdaId || 'none'}
          columns={[
            { header: 'MDA', cell: (m) => m.mdaName },
            { header: 'Transactions', cell: (m) => whole(m.count), numeric: true },
            { header: 'Takings', cell: (m) => naira(m.amountKobo), numeric: true },
          ]}
          footer={total}
        />
      )}
    </>
  );
}
