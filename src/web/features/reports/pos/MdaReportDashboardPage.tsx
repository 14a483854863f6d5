import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { ListLoadError } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { collectionsByMdaQuery, posTakingsQuery } from '../collections/queries';
import {
  naira,
  percent,
  ReportFrame,
  ReportTable,
  ReportTotals,
  useReportSearch,
  whole,
} from '../collections/ReportParts';
import { TakingsOverTime } from './PosTakingsPage';

const TITLE = 'MDA Report Dashboard';
const CHARTED = 10;

/**
 * /birs/dashboard/mda-report-dashboard (docs/reports.md): the report readers of the POS and
 * informal-sector desks (OFFICER_BENJIS_READ, INFORMAL_SECTOR_ADMIN). The catalogue names it
 * "collections made through POS agents and the informal sector, by MDA and by day": the POS
 * takings by day and MDA (POS daily totals), and beside them each MDA's collections with the
 * POS share of them (collection totals), so a reader sees what POS brings against the rest.
 */
export function MdaReportDashboardPage() {
  if (!usePermission('report:read')) return <NoAccess title={TITLE} />;
  return <MdaReportDashboard />;
}

function MdaReportDashboard() {
  const { search, setSearch } = useReportSearch();
  const period = { from: search.from, to: search.to };
  const pos = useQuery(posTakingsQuery(period));
  const collections = useQuery(collectionsByMdaQuery(period));
  return (
    <ReportFrame
      title={TITLE}
      description="POS takings by day and MDA, and each MDA's collections with the part that came through POS, for the period you choose."
      exportPath="pos-takings"
      search={period}
      onSearch={setSearch}
      query={pos}
      what="The POS takings"
      isEmpty={() => false}
      empty=""
    >
      {(data) => (
        <>
          <ReportTotals
            label="Totals of the period"
            figures={[
              ['POS takings', data.totals.amountKobo],
              ['All collections', collections.data?.totals.amountKobo ?? 0],
            ]}
            count={['POS transactions', data.totals.count]}
          />
          <TakingsOverTime data={data} />
          <ChartFigure
            title="POS takings by MDA"
            kind="bar-horizontal"
            data={data.byMda
              .slice(0, CHARTED)
              .map((m) => ({ mda: m.mdaName, amountKobo: m.amountKobo }))}
            labelKey="mda"
            series={[{ key: 'amountKobo', label: 'POS takings' }]}
            format="naira"
          />
          <Title order={2} size="h4">
            Collections per MDA, all channels
          </Title>
          {collections.isError ? (
            <ListLoadError
              what="The collections by MDA"
              error={collections.error}
              isRetrying={collections.isFetching}
              onRetry={() => void collections.refetch()}
            />
          ) : (
            <ReportTable
              caption="Collections per MDA, with the POS part"
              rows={collections.data?.items ?? []}
              rowKey={(i) => i.mdaId}
              columns={[
                { header: 'MDA', cell: (i) => i.mdaName },
                { header: 'Payments', cell: (i) => whole(i.count), numeric: true },
                { header: 'Collected', cell: (i) => naira(i.amountKobo), numeric: true },
                { header: 'Through POS', cell: (i) => naira(i.byChannel.pos), numeric: true },
                {
                  header: 'POS part',
                  cell: (i) => (i.amountKobo > 0 ? percent(i.byChannel.pos / i.amountKobo) : '—'),
                  numeric: true,
                },
              ]}
            />
          )}
        </>
      )}
    </ReportFrame>
  );
}
