import { STATE_WORDS } from '../../../../shared/bank/matching';
import type {
  OpenCreditListQuery,
  OpenCreditPage,
  OpenCreditView,
} from '../../../../shared/bank/openCredits';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { amount, type Column, count, date, reference, text } from '../../../export/columns';
import { type ExportAnswer, type ExportFormat, exportList } from '../../../export/exportList';
import { accountByNumber } from '../lines/service';
import { type OpenCreditWindow, selectOpenCreditPage, selectOpenCreditTotals } from './queries';

/**
 * The most rows one export holds. The credits waiting are the few the rules could not match
 * (docs/bank-matching.md "Credits waiting"); a backlog past this is a fault to fix, not a file
 * to send, and the bound is that of the other small lists (ADR 0029 "Bounds").
 */
export const OPEN_CREDIT_EXPORT_LIMIT = 50_000;

export const OPEN_CREDIT_COLUMNS: readonly Column<OpenCreditView>[] = [
  date('Value date', (c) => c.valueDate, 11),
  reference('Account number', (c) => c.accountNumber, 14),
  text('Account', (c) => c.accountName, 28),
  reference('Bank reference', (c) => c.bankReference, 18),
  amount('Amount', (c) => c.amountKobo, 16),
  text('Narration', (c) => c.narration, 40),
  text('State', (c) => STATE_WORDS[c.state], 11),
  count('Candidate payments', (c) => c.candidateCount, 10),
];

/**
 * The credits waiting for an officer across the collection accounts (docs/bank-matching.md
 * "Credits waiting"). Bank accounts are the service's, not an MDA's to hide: whoever reads one
 * account's statement (`bank:read`) reads them all, so there is no MDA scope here.
 */
export function createOpenCreditService(deps: { db: Db }) {
  const { db } = deps;

  async function accountIdOf(query: OpenCreditListQuery): Promise<string | null> {
    return query.accountNumber ? (await accountByNumber(db, query.accountNumber)).id : null;
  }

  async function viewsOf(
    query: OpenCreditListQuery,
    accountId: string | null,
    w: OpenCreditWindow,
  ) {
    const rows = await selectOpenCreditPage(db, query, accountId, w);
    return rows.map(
      (row): OpenCreditView => ({ ...row, state: row.state as OpenCreditView['state'] }),
    );
  }

  return {
    async findOpenCredits(_actor: Actor, query: OpenCreditListQuery): Promise<OpenCreditPage> {
      const accountId = await accountIdOf(query);
      const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const [items, totals] = await Promise.all([
        viewsOf(query, accountId, window),
        selectOpenCreditTotals(db, query, accountId),
      ]);
      return { items, page: query.page, pageSize: query.pageSize, total: totals.count, totals };
    },

    /**
     * The list's filter as a file, every row in the list's order (ADR 0029); audited
     * `bank_open_credits.exported` with the filter, format and rows, as every export is.
     */
    async exportOpenCredits(
      actor: Actor,
      query: OpenCreditListQuery & { format: ExportFormat },
    ): Promise<ExportAnswer> {
      const accountId = await accountIdOf(query);
      const { format, page: _page, pageSize: _pageSize, ...filter } = query;
      return exportList(db, actor, {
        format,
        fileName: 'bank-credits-waiting',
        sheet: 'Bank credits waiting',
        columns: OPEN_CREDIT_COLUMNS,
        count: async () => (await selectOpenCreditTotals(db, query, accountId)).count,
        page: ({ limit, offset }) => viewsOf(query, accountId, { limit, offset }),
        rowLimit: {
          max: OPEN_CREDIT_EXPORT_LIMIT,
          message: (n) =>
            `${n.toLocaleString('en-NG')} credits are waiting under this filter; an export holds at most ${OPEN_CREDIT_EXPORT_LIMIT.toLocaleString('en-NG')}. Choose one account or one state and export again.`,
        },
        audit: { action: 'bank_open_credits.exported', entityType: 'bank_statement_line', filter },
      });
    },
  };
}
