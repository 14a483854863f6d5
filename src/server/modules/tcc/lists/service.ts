import { TCC_KIND_LABELS, tccKindsOf } from '../../../../shared/tcc/enums';
import type { TccListQuery, TccPage, TccView } from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { exportList } from '../../../export/exportList';
import { tccViewOf, toTccListItems } from '../view';
import { TCC_COLUMNS, TCC_EXPORT_LIMIT } from './exporter';
import { countTccs, selectTccs, type TccFilter } from './queries';

/**
 * The filter of a list for `actor`: only the kinds they read (TCC_KINDS_OF). Asking for a kind
 * they do not read is a 403 that says so, not an empty page that would look like "none yet".
 */
function filterOf(actor: Actor, query: TccListQuery): TccFilter {
  const kinds = tccKindsOf(actor.userType);
  if (query.kind && !kinds.includes(query.kind)) {
    throw new AppError(
      'FORBIDDEN',
      `Your account does not read ${TCC_KIND_LABELS[query.kind].toLowerCase()} certificates.`,
    );
  }
  if (query.generatedFrom && query.generatedTo && query.generatedFrom > query.generatedTo) {
    throw new AppError('VALIDATION_FAILED', 'The start date is after the end date.', {
      details: {
        issues: [
          {
            where: 'querystring',
            path: 'generatedTo',
            message: 'Choose a date on or after the start',
          },
        ],
      },
    });
  }
  return {
    kinds,
    kind: query.kind,
    statuses: query.status,
    purpose: query.purpose,
    btin: query.btin,
    // `mine` for an account that is no officer (the system) matches nothing rather than all.
    createdBy: query.mine ? (actor.officerId ?? '00000000-0000-0000-0000-000000000000') : undefined,
    generatedFrom: query.generatedFrom,
    generatedTo: query.generatedTo,
    search: query.search,
  };
}

/** The TCC lists of docs/product.md §2 (each a view by kind and statuses), one certificate, export. */
export function createTccListService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async findTccs(actor: Actor, query: TccListQuery): Promise<TccPage> {
      const filter = filterOf(actor, query);
      const [rows, total] = await Promise.all([
        selectTccs(db, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countTccs(db, filter),
      ]);
      return {
        items: await toTccListItems(db, actor, rows, now()),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** The list's filter as a file; audited (who took which certificates away). */
    async exportTccs(actor: Actor, query: TccListQuery & { format: 'csv' | 'xlsx' }) {
      const filter = filterOf(actor, query);
      const at = now();
      return exportList(db, actor, {
        format: query.format,
        fileName: 'tax-clearance-certificates',
        sheet: 'Tax clearance certificates',
        columns: TCC_COLUMNS,
        count: () => countTccs(db, filter),
        page: async ({ limit, offset }) =>
          toTccListItems(
            db,
            actor,
            await selectTccs(db, filter, { sort: query.sort, limit, offset }),
            at,
          ),
        rowLimit: {
          max: TCC_EXPORT_LIMIT,
          message: () =>
            `This filter matches more than ${TCC_EXPORT_LIMIT.toLocaleString('en-NG')} certificates; an export holds at most that many. Narrow it and export again.`,
        },
        audit: { action: 'tcc.exported', entityType: 'tcc', filter },
      });
    },

    /** One certificate with its history and the caller's actions; 404 for a kind they do not read. */
    getTcc(actor: Actor, id: string): Promise<TccView> {
      return tccViewOf(db, actor, id, now());
    },
  };
}
