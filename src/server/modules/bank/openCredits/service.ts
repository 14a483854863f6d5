import type {
  OpenCreditListQuery,
  OpenCreditPage,
  OpenCreditView,
} from '../../../../shared/bank/openCredits';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { accountByNumber } from '../lines/service';
import { selectOpenCreditPage, selectOpenCreditTotals } from './queries';

/**
 * The credits waiting for an officer across the collection accounts (docs/bank-matching.md
 * "Credits waiting"). Bank accounts are the service's, not an MDA's to hide: whoever reads one
 * account's statement (`bank:read`) reads them all, so there is no MDA scope here.
 */
export function createOpenCreditService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async findOpenCredits(_actor: Actor, query: OpenCreditListQuery): Promise<OpenCreditPage> {
      const accountId = query.accountNumber
        ? (await accountByNumber(db, query.accountNumber)).id
        : null;
      const [rows, totals] = await Promise.all([
        selectOpenCreditPage(db, query, accountId),
        selectOpenCreditTotals(db, query, accountId),
      ]);
      return {
        items: rows.map((row) => ({ ...row, state: row.state as OpenCreditView['state'] })),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
        totals,
      };
    },
  };
}
