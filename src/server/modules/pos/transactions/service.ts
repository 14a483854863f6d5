import { normaliseNigerianPhone } from '../../../../shared/phone';
import {
  POS_STATE_LABELS,
  POS_STATUS_LABELS,
  type PosTransactionListQuery,
  type PosTransactionPage,
  type PosTransactionView,
} from '../../../../shared/pos/transactionList';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { amount, type Column, dateTime, reference, text } from '../../../export/columns';
import { type ExportAnswer, exportList } from '../../../export/exportList';
import {
  isRollupFilter,
  type KeywordMatch,
  type PosListFilter,
  type PosTransactionRow,
  selectAgentIdsNamed,
  selectPosTransactionPage,
  selectPosTransactionPageByWindow,
  totalFromDailyTotals,
  totalPosTransactions,
  totalPosTransactionsUpTo,
} from './queries';

/** A keyword is counted this far past the page (ADR 0019, as the payment history's name search). */
export const KEYWORD_COUNT_AHEAD = 1000;

/** The most rows one export holds: a month of a busy service's POS transactions. */
export const POS_EXPORT_LIMIT = 200_000;

export const POS_TRANSACTION_COLUMNS: readonly Column<PosTransactionView>[] = [
  dateTime('Time', (t) => t.transactedAt, { width: 17 }),
  reference('Terminal', (t) => t.terminalId, 12),
  reference('STAN', (t) => t.stan, 8),
  reference('RRN', (t) => t.rrn, 14),
  amount('Amount', (t) => t.amountKobo, 14),
  text('Provider status', (t) => POS_STATUS_LABELS[t.status], 12),
  text('RevDesk state', (t) => POS_STATE_LABELS[t.state], 14),
  text('Agent', (t) => t.agentName ?? '', 24),
  text('MDA', (t) => t.mdaName ?? '', 30),
  reference('Revenue head', (t) => t.revenueHeadCode ?? '', 12),
  text('Payer', (t) => t.payerName ?? '', 24),
  reference('Payer phone', (t) => t.payerPhone ?? '', 15),
];

function toView(row: PosTransactionRow): PosTransactionView {
  return {
    id: row.id,
    terminalId: row.terminalId,
    stan: row.stan,
    rrn: row.rrn,
    amountKobo: row.amountKobo,
    transactedAt: row.transactedAt.toISOString(),
    status: row.status,
    state: row.state,
    agentId: row.agentId,
    agentName: row.agentName,
    mdaId: row.mdaId,
    mdaName: row.mdaName,
    revenueHeadCode: row.revenueHeadCode,
    payerName: row.payerName,
    payerPhone: row.payerPhone,
    paymentId: row.paymentId,
  };
}

/** A name's words as the index splits them (lower case, at spaces and ASCII punctuation). */
export function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter((w) => w.length > 0);
}

/**
 * The POS transactions (docs/product.md §2 transactions/benjis, benjis-report; §7 `GET
 * pos/officer/benjis-report/keyword`): filters, a page, the totals of the filter, the export.
 * Officers of an MDA see only their MDAs' transactions (none holds `pos:read` today; the
 * scope is applied all the same, as every list that names an MDA).
 */
export function createPosTransactionService({
  db,
  keywordCountAhead = KEYWORD_COUNT_AHEAD,
}: {
  db: Db;
  /** Tests lower it to see the cap without a thousand rows. */
  keywordCountAhead?: number;
}) {
  async function filterOf(actor: Actor, query: PosTransactionListQuery): Promise<PosListFilter> {
    const { page: _p, pageSize: _s, format: _f, keyword, ...rest } = query;
    if (rest.from && rest.to && rest.from > rest.to) {
      throw new AppError('RULE_VIOLATION', 'The first day is after the last day: swap them.', {
        details: { field: 'from' },
      });
    }
    let match: KeywordMatch | undefined;
    if (keyword) {
      const phone = normaliseNigerianPhone(keyword);
      match = {
        text: keyword,
        phones: [...new Set([keyword, ...(phone ? [phone] : [])])],
        words: nameWords(keyword),
        agentIds: await selectAgentIdsNamed(db, keyword),
      };
    }
    return { ...rest, keyword: match, scope: mdaScopeOf(actor) };
  }

  return {
    async findTransactions(
      actor: Actor,
      query: PosTransactionListQuery,
    ): Promise<PosTransactionPage> {
      const filter = await filterOf(actor, query);
      const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const pageOf = (rows: PosTransactionRow[], totals: PosTransactionPage['totals']) => ({
        items: rows.map(toView),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
        isTotalCapped: totals.isCapped,
        totals,
      });
      if (filter.keyword) {
        // A payer's common name matches ~1 % of the table: counted up to a cap first; past
        // it the sum is left out and the newest-first page is read window by window, so the
        // page stays exact and reads about its own rows (ADR 0019, docs/pos.md "The list").
        const countLimit = window.offset + Math.max(window.limit, keywordCountAhead);
        const totals = await totalPosTransactionsUpTo(db, filter, countLimit);
        const rows = totals.isCapped
          ? await selectPosTransactionPageByWindow(db, filter, window)
          : await selectPosTransactionPage(db, filter, window);
        return pageOf(rows, totals);
      }
      // Without a keyword the count and sum stay exact: a filter the daily totals know is
      // added up from them (terminals × days rows), one of provider status from the rows.
      const [rows, totals] = await Promise.all([
        selectPosTransactionPage(db, filter, window),
        isRollupFilter(filter)
          ? totalFromDailyTotals(db, filter)
          : totalPosTransactions(db, filter),
      ]);
      return pageOf(rows, { ...totals, isCapped: false });
    },

    async exportTransactions(
      actor: Actor,
      query: PosTransactionListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportAnswer> {
      const filter = await filterOf(actor, query);
      const { format, page: _page, pageSize: _pageSize, ...audited } = query;
      return exportList(db, actor, {
        format,
        fileName: 'pos-transactions',
        sheet: 'POS transactions',
        columns: POS_TRANSACTION_COLUMNS,
        count: async () => (await totalPosTransactions(db, filter)).count,
        page: async ({ limit, offset }) =>
          (await selectPosTransactionPage(db, filter, { limit, offset })).map(toView),
        rowLimit: {
          max: POS_EXPORT_LIMIT,
          message: (n) =>
            `This filter matches ${n.toLocaleString('en-NG')} transactions; an export holds at most ${POS_EXPORT_LIMIT.toLocaleString('en-NG')}. Narrow the dates and export again.`,
        },
        audit: {
          action: 'pos_transactions.exported',
          entityType: 'pos_transaction',
          filter: audited,
        },
      });
    },
  };
}
