import { useQuery } from '@tanstack/react-query';
import type { MdaRevenueHeadRow } from '../../../../shared/reports/collections';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { MdaSelect } from './MdaSelect';
import { mdaRevenueQuery } from './queries';
import {
  monthLabel,
  naira,
  type ReportColumn,
  ReportFrame,
  ReportTable,
  ReportTotals,
  useReportSearch,
  whole,
} from './ReportParts';

const TITLE = 'MDA Revenue Report';

/**
 * /birs/reporting/mda-revenue-report (docs/reports.md): an MDA's net collections per revenue
 * head and Lagos month, from the collection totals (ADR 0034). MDA staff see their MDAs only.
 */
export function MdaRevenueReportPage() {
  if (!usePermission('report:read')) return <NoAccess title={TITLE} />;
  return <MdaRevenue />;
}

function MdaRevenue() {
  const { search, setSearch } = useReportSearch();
  const query = useQuery(mdaRevenueQuery(search));
  return (
    <ReportFrame
      title={TITLE}
      description="Money paid to your MDA in the period, per revenue head and month, net of reversals on the day they were made."
      exportPath="mda-revenue"
      search={search}
      onSearch={setSearch}
      filters={
        <MdaSelect
          value={search.mdaId}
          onChange={(mdaId) => setSearch({ mdaId })}
          anyLabel="All my MDAs"
        />
      }
      query={query}
      what="The revenue report"
      isEmpty={(d) => d.items.length === 0}
      empty="Nothing was collected in this period."
    >
      {(data) => {
        const columns: ReportColumn<MdaRevenueHeadRow>[] = [
          {
            header: 'Revenue head',
            cell: (r) =>
              r.revenueHeadCode ? `${r.revenueHeadCode} · ${r.revenueHeadName}` : r.revenueHeadName,
          },
          { header: 'Payments', cell: (r) => whole(r.count), numeric: true },
          { header: 'Collected', cell: (r) => naira(r.amountKobo), numeric: true },
          ...data.months.map(
            (m, i): ReportColumn<MdaRevenueHeadRow> => ({
              header: monthLabel(m),
              cell: (r) => naira(r.byMonth[i] ?? 0),
              numeric: true,
            }),
          ),
        ];
        return (
          <>
            <ReportTotals
              label={data.mda ? `Totals of ${data.mda.mdaName}` : 'Totals of your MDAs'}
              figures={[['Collected', data.totals.amountKobo]]}
              count={['Payments', data.totals.count]}
            />
            <ChartFigure
              title="Collections by month"
              description={data.mda ? data.mda.mdaName : 'All your MDAs'}
              kind="bar"
              data={data.monthly.map((m) => ({
                month: monthLabel(m.month),
                amountKobo: m.amountKobo,
              }))}
              labelKey="month"
              series={[{ key: 'amountKobo', label: 'Collected' }]}
              format="naira"
            />
            <ReportTable
              caption="Collections per revenue head and month"
              rows={data.items}
              rowKey={(r) => r.revenueHeadCode || 'none'}
              columns={columns}
              footer={[
                'Total',
                whole(data.totals.count),
                naira(data.totals.amountKobo),
                ...data.monthly.map((m) => naira(m.amountKobo)),
              ]}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}
