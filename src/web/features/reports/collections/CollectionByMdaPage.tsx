import { useQuery } from '@tanstack/react-query';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../../shared/payments/enums';
import type { CollectionsByMdaItem } from '../../../../shared/reports/collections';
import { ChartFigure } from '../../../lib/charts/ChartFigure';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { collectionsByMdaQuery } from './queries';
import {
  naira,
  percent,
  type ReportColumn,
  ReportFrame,
  ReportTable,
  ReportTotals,
  useReportSearch,
  whole,
} from './ReportParts';

const TITLE = 'Collection by MDA';

/** Repeated from the server's export columns: the channels as officers name them. */
export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  remita: 'Remita',
  pos: 'POS',
  bank: 'Bank',
  card: 'Card',
  manual: 'By hand',
};

/** The MDAs charted: the largest; the table holds them all. */
const CHARTED = 10;

const COLUMNS: ReportColumn<CollectionsByMdaItem>[] = [
  { header: 'MDA', cell: (i) => i.mdaName },
  { header: 'Payments', cell: (i) => whole(i.count), numeric: true },
  { header: 'Collected', cell: (i) => naira(i.amountKobo), numeric: true },
  { header: 'Share', cell: (i) => percent(i.share), numeric: true },
  ...PAYMENT_CHANNELS.map(
    (c): ReportColumn<CollectionsByMdaItem> => ({
      header: CHANNEL_LABELS[c],
      cell: (i) => naira(i.byChannel[c]),
      numeric: true,
    }),
  ),
];

/**
 * /birs/reporting/collection-by-mda (docs/reports.md): each MDA's net collections for the
 * period, ranked, with its share and its channels, from the collection totals (ADR 0034).
 */
export function CollectionByMdaPage() {
  if (!usePermission('report:read')) return <NoAccess title={TITLE} />;
  return <CollectionByMda />;
}

function CollectionByMda() {
  const { search, setSearch } = useReportSearch();
  const query = useQuery(collectionsByMdaQuery(search));
  return (
    <ReportFrame
      title={TITLE}
      description="Money paid to each MDA in the period, net of reversals on the day they were made, ranked, with its share of the total and its channels."
      exportPath="collections-by-mda"
      search={search}
      onSearch={setSearch}
      query={query}
      what="The collections by MDA"
      isEmpty={(d) => d.items.length === 0}
      empty="Nothing was collected in this period."
    >
      {(data) => (
        <>
          <ReportTotals
            label="Totals of the period"
            figures={[['Collected', data.totals.amountKobo]]}
            count={['Payments', data.totals.count]}
          />
          <ChartFigure
            title={`Collections by MDA, ${data.from} to ${data.to}`}
            description={
              data.items.length > CHARTED
                ? `The ${CHARTED} largest of ${data.items.length} MDAs; the table below holds them all.`
                : undefined
            }
            kind="bar-horizontal"
            data={data.items.slice(0, CHARTED).map((i) => ({
              mda: i.mdaName,
              amountKobo: i.amountKobo,
            }))}
            labelKey="mda"
            series={[{ key: 'amountKobo', label: 'Collected' }]}
            format="naira"
            height={Math.max(200, Math.min(CHARTED, data.items.length) * 36 + 60)}
          />
          <ReportTable
            caption="Collections per MDA and channel"
            rows={data.items}
            rowKey={(i) => i.mdaId}
            columns={COLUMNS}
            footer={[
              'Total',
              whole(data.totals.count),
              naira(data.totals.amountKobo),
              percent(data.totals.amountKobo > 0 ? 1 : 0),
              ...PAYMENT_CHANNELS.map((c) =>
                naira(data.items.reduce((s, i) => s + i.byChannel[c], 0)),
              ),
            ]}
          />
        </>
      )}
    </ReportFrame>
  );
}
