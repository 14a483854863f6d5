import { pendingStatusOf } from '../../../../shared/tcc/chain';
import {
  TCC_KIND_LABELS,
  TCC_STAGE_LABELS,
  TCC_STAGE_PERMISSION,
  tccKindsOf,
} from '../../../../shared/tcc/enums';
import type {
  TccListQuery,
  TccNext,
  TccNextQuery,
  TccPage,
  TccView,
} from '../../../../shared/tcc/views';
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

/** How far the next in a queue is looked for past the ones the caller may not decide. */
const NEXT_PAGE_SIZE = 50;
const NEXT_PAGES = 4;

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

    /**
     * The next certificate of a queue the caller decides from, read now (not from the list the
     * page had): a stage's pending ones longest waiting first (`-waiting`), or the approved ones
     * waiting to print, approved longest ago first (`queue`). One the caller may not act on
     * (separation of duties: they generated it, or decided it at another stage) is passed over,
     * as is `after`, the one just decided. 403 for a queue or kind that is not the caller's.
     */
    async nextInQueue(actor: Actor, query: TccNextQuery): Promise<TccNext> {
      const stage = query.queue === 'print' ? null : query.queue;
      const isPrint = stage === null;
      const permission = stage ? TCC_STAGE_PERMISSION[stage] : 'tcc:print';
      if (!actor.permissions.includes(permission)) {
        throw new AppError(
          'FORBIDDEN',
          stage
            ? `Your account does not decide at the ${TCC_STAGE_LABELS[stage]} stage.`
            : 'Your account does not print certificates.',
        );
      }
      const filter = filterOf(actor, { kind: query.kind } as TccListQuery);
      filter.statuses = stage ? [pendingStatusOf(stage)] : ['approved'];
      const action = isPrint ? 'print' : 'approve';
      const at = now();
      for (let page = 0; page < NEXT_PAGES; page += 1) {
        const rows = await selectTccs(db, filter, {
          sort: isPrint ? 'queue' : '-waiting',
          limit: NEXT_PAGE_SIZE,
          offset: page * NEXT_PAGE_SIZE,
        });
        const items = await toTccListItems(db, actor, rows, at);
        const next = items.find((item) => item.id !== query.after && item.actions.includes(action));
        if (next) {
          return {
            next: { id: next.id, number: next.number, statusChangedAt: next.statusChangedAt },
          };
        }
        if (rows.length < NEXT_PAGE_SIZE) break;
      }
      return { next: null };
    },

    /** One certificate with its history and the caller's actions; 404 for a kind they do not read. */
    getTcc(actor: Actor, id: string): Promise<TccView> {
      return tccViewOf(db, actor, id, now());
    },
  };
}
