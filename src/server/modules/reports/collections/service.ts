import { todayInLagos } from '../../../../shared/dates';
import { PAYMENT_CHANNELS, type PaymentChannel } from '../../../../shared/payments';
import type {
  CollectionsByMdaItem,
  CollectionsByMdaQuery,
  CollectionsByMdaReport,
} from '../../../../shared/reports/collections';
import { periodOf } from '../../../../shared/reports/period';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { amount, type Column, count, text } from '../../../export/columns';
import { exportList } from '../../../export/exportList';
import { selectCollectionsByMdaAndChannel, selectMdaNames } from './queries';

const CHANNEL_HEADERS = {
  remita: 'Remita',
  card: 'Card',
  pos: 'POS',
  bank: 'Bank',
  manual: 'By hand',
} as const satisfies Record<PaymentChannel, string>;

export const COLLECTIONS_BY_MDA_COLUMNS: readonly Column<CollectionsByMdaItem>[] = [
  text('MDA', (i) => i.mdaName, 36),
  count('Payments', (i) => i.count, 10),
  amount('Collected', (i) => i.amountKobo, 16),
  text('Share', (i) => `${(i.share * 100).toFixed(1)} %`, 8),
  ...PAYMENT_CHANNELS.map((c) =>
    amount<CollectionsByMdaItem>(CHANNEL_HEADERS[c], (i) => i.byChannel[c], 14),
  ),
];

const noChannels = () =>
  Object.fromEntries(PAYMENT_CHANNELS.map((c) => [c, 0])) as Record<PaymentChannel, number>;

/**
 * Collections by MDA (docs/product.md §2 reporting/collection-by-mda): the period's net
 * collections per MDA the officer may see, split by channel, largest first, from the collection
 * totals (ADR 0034).
 */
export function createCollectionReports({ db }: { db: Db }) {
  async function collectionsByMda(
    actor: Actor,
    query: CollectionsByMdaQuery,
  ): Promise<CollectionsByMdaReport> {
    const { from, to } = periodOf(query, todayInLagos());
    const rows = await selectCollectionsByMdaAndChannel(db, {
      from,
      to,
      channel: query.channel,
      scope: mdaScopeOf(actor),
    });
    const byMda = new Map<
      string,
      { count: number; amountKobo: number; byChannel: Record<PaymentChannel, number> }
    >();
    for (const row of rows) {
      const mda = byMda.get(row.mdaId) ?? { count: 0, amountKobo: 0, byChannel: noChannels() };
      mda.count += row.paymentCount;
      mda.amountKobo += row.amountKobo;
      mda.byChannel[row.channel] += row.amountKobo;
      byMda.set(row.mdaId, mda);
    }
    const names = await selectMdaNames(db, [...byMda.keys()]);
    const totals = { count: 0, amountKobo: 0 };
    for (const mda of byMda.values()) {
      totals.count += mda.count;
      totals.amountKobo += mda.amountKobo;
    }
    const items = [...byMda.entries()]
      .map(([mdaId, mda]) => ({
        mdaId,
        mdaName: names.get(mdaId) ?? mdaId,
        ...mda,
        share: totals.amountKobo > 0 ? mda.amountKobo / totals.amountKobo : 0,
      }))
      .sort((a, b) => b.amountKobo - a.amountKobo || a.mdaName.localeCompare(b.mdaName));
    return { from, to, items, totals };
  }

  return {
    collectionsByMda,

    async exportCollectionsByMda(
      actor: Actor,
      query: CollectionsByMdaQuery & { format: 'csv' | 'xlsx' },
    ) {
      const report = await collectionsByMda(actor, query);
      return exportList(db, actor, {
        format: query.format,
        fileName: `collections-by-mda-${report.from}-to-${report.to}`,
        sheet: 'Collections by MDA',
        columns: COLLECTIONS_BY_MDA_COLUMNS,
        count: async () => report.items.length,
        page: async ({ limit, offset }) => report.items.slice(offset, offset + limit),
        audit: {
          action: 'collections_by_mda.exported',
          entityType: 'report',
          filter: { from: report.from, to: report.to, channel: query.channel ?? null },
        },
      });
    },
  };
}
