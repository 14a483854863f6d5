import {
  isValidRrr,
  normaliseRrr,
  type PaymentListQuery,
  type PaymentPage,
  type PaymentView,
} from '../../../../shared/payments';
import type { PaymentSubjectKind } from '../../../../shared/payments/enums';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf, whereInActorMdas } from '../../../auth/mdaScope';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { type ExportAnswer, exportList } from '../../../export/exportList';
import type { Integrations } from '../../../integrations';
import { findSimilarWords, wordsOf } from '../../../search/nameWords';
import type { SecretBox } from '../../../secrets';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../deps';
import { createRrrConfirmation } from '../invoices/rrrConfirmation';
import type { Settlements } from '../ledger/settlements';
import { type PaymentViewRow, selectPaymentById } from '../queries';
import { toPaymentView, toPaymentViewFromDriver } from '../view';
import { type ExportedPayment, PAYMENT_COLUMNS, PAYMENT_EXPORT_LIMIT } from './exporter';
import {
  isRollupFilter,
  PAYER_NAMES,
  type PaymentFilter,
  selectPaymentPage,
  selectPayments,
  selectPaymentsNewestFirstByWindow,
  selectPaymentTotalsOf,
  selectPaymentTotalsUpTo,
} from './queries';
import { isCollectionsFilter, selectCollectedInPeriod } from './totals/collectedTotals';
import { selectPaymentTotalsFromRollup } from './totals/rollupTotals';

export type PaymentHistoryServiceDeps = {
  db: Db;
  /** What settling a bill pending confirmation needs (invoices/rrrConfirmation.ts). */
  config: Pick<Config, 'receiptPrefix' | 'publicUrl' | 'contactPhone'>;
  secrets: SecretBox;
  settlements: Settlements;
  /** Given, a bill whose RRR is pending confirmation is settled when opened (ADR 0020). */
  integrations?: Integrations;
  /** Where a bill that could not be settled when opened is said (ADR 0031). */
  log?: PaymentDeps['log'];
  /** Rows per page of an export (EXPORT_PAGE_SIZE unless given): a test makes it small. */
  exportPageSize?: number;
};

/**
 * A name search counts its matches only this far past the page (as the taxpayer list does,
 * ADR 0009): a common surname matches tens of thousands of payments at 10 M (ADR 0019).
 */
export const NAME_SEARCH_COUNT_AHEAD = 1000;

/**
 * A free-text payment reference (docs/product.md §3 "paymentReference"): an RRR, typed with or
 * without its dashes; a receipt number (prefixes are capital letters, RECEIPT_PREFIX); or the
 * source's own reference, exactly as given.
 */
export function paymentReferenceOf(text: string | undefined): PaymentFilter['paymentReference'] {
  if (!text) return null;
  return {
    rrr: isValidRrr(text) ? normaliseRrr(text) : null,
    receiptNumber: text.toUpperCase(),
    sourceReference: text,
  };
}

async function filterOf(
  db: Db,
  query: PaymentListQuery,
  findMdaIdByCode: (code: string) => Promise<string | null>,
): Promise<PaymentFilter> {
  if (query.startDate && query.endDate && query.startDate > query.endDate) {
    throw new AppError('VALIDATION_FAILED', 'The start date is after the end date.', {
      details: {
        issues: [{ path: 'endDate', message: 'Choose an end date on or after the start date' }],
      },
    });
  }
  const { page: _p, pageSize: _s, sort: _o, format: _f, paymentReference, ...rest } = query;
  return {
    ...rest,
    paymentReference: paymentReferenceOf(paymentReference),
    ...(rest.mdaCode ? { mdaIdOfCode: await findMdaIdByCode(rest.mdaCode) } : {}),
    // The words of payer names like those typed, found once: the page and the count then
    // match them exactly (ADR 0019).
    ...(rest.customerName
      ? {
          payerNameWordsOfName: await findSimilarWords(
            db,
            PAYER_NAMES,
            wordsOf(rest.customerName as string),
          ),
        }
      : {}),
  };
}

function pageOf(
  items: PaymentView[],
  query: Pick<PaymentListQuery, 'page' | 'pageSize'>,
  totals: PaymentPage['totals'],
): PaymentPage {
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: totals.count,
    isTotalCapped: totals.isCapped,
    totals,
  };
}

export function createPaymentHistoryService({
  db,
  config,
  secrets,
  settlements,
  integrations,
  log,
  exportPageSize,
}: PaymentHistoryServiceDeps) {
  const mdas = createMdaService({ db, secrets });
  const confirmation = integrations
    ? createRrrConfirmation({ db, config, integrations, secrets, settlements, log })
    : null;

  /** A page of payments with the numbers staff know their subjects by, one look-up per kind. */
  async function withSubjectNumbers(rows: readonly PaymentViewRow[]): Promise<ExportedPayment[]> {
    const idsByKind = new Map<PaymentSubjectKind, string[]>();
    for (const row of rows) {
      if (row.subjectKind && row.subjectId) {
        const ids = idsByKind.get(row.subjectKind) ?? [];
        ids.push(row.subjectId);
        idsByKind.set(row.subjectKind, ids);
      }
    }
    const numbersByKind = new Map<PaymentSubjectKind, Map<string, string>>();
    for (const [kind, ids] of idsByKind)
      numbersByKind.set(kind, await settlements.referencesOf(db, kind, ids));
    return rows.map((row) => ({
      ...row,
      subjectNumber:
        row.subjectKind && row.subjectId
          ? (numbersByKind.get(row.subjectKind)?.get(row.subjectId) ?? null)
          : null,
    }));
  }

  /** One payment the actor may see; outside their MDAs it does not exist for them. */
  async function getRow(actor: Actor, id: string): Promise<PaymentViewRow> {
    const row = await selectPaymentById(db, id, whereInActorMdas(actor, payments.mdaId));
    if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
    return row;
  }

  return {
    async findPayments(actor: Actor, query: PaymentListQuery): Promise<PaymentPage> {
      const filter = await filterOf(db, query, mdas.findMdaIdByCode);
      const scope = whereInActorMdas(actor, payments.mdaId);
      const window = {
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      if (filter.customerName) {
        // A name can match tens of thousands: counted up to a cap first; past it, the sums
        // are left out and a newest-first page is read window by window (ADR 0019).
        const countLimit = window.offset + Math.max(window.limit, NAME_SEARCH_COUNT_AHEAD);
        const totals = await selectPaymentTotalsUpTo(db, filter, scope, countLimit);
        const rows =
          totals.isCapped && (window.sort === '-date' || window.sort === '-createdAt')
            ? await selectPaymentsNewestFirstByWindow(db, filter, scope, {
                ...window,
                sort: window.sort,
              })
            : await selectPayments(db, filter, scope, window);
        return pageOf(rows.map(toPaymentView), query, totals);
      }
      const mdaScope = mdaScopeOf(actor);
      const [rows, totals, collected] = await Promise.all([
        selectPaymentPage(db, filter, mdaScope, window),
        // A broad filter (MDA, status, dates) is added up from the rollups; a narrow one (a
        // reference, a BTIN…) is counted from the few rows it matches.
        isRollupFilter(filter)
          ? selectPaymentTotalsFromRollup(db, filter, mdaScope)
          : selectPaymentTotalsOf(db, filter, mdaScope),
        // A period's figure is the reports' one (docs/reports.md "One set of figures").
        isCollectionsFilter(filter) ? selectCollectedInPeriod(db, filter, mdaScope) : undefined,
      ]);
      return pageOf(rows.map(toPaymentViewFromDriver), query, {
        ...totals,
        isCapped: false,
        ...(collected ? { collected } : {}),
      });
    },

    /** The list's filter as a file; the export is audited (who took which payments away). */
    async exportPayments(
      actor: Actor,
      query: PaymentListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportAnswer> {
      const filter = await filterOf(db, query, mdas.findMdaIdByCode);
      const scope = whereInActorMdas(actor, payments.mdaId);
      return exportList(db, actor, {
        format: query.format,
        fileName: 'payments',
        sheet: 'Payments',
        columns: PAYMENT_COLUMNS,
        ...(exportPageSize ? { pageSize: exportPageSize } : {}),
        count: async () => {
          const totals = await selectPaymentTotalsUpTo(db, filter, scope, PAYMENT_EXPORT_LIMIT);
          // Counted only up to the bound: one past it, so the export is refused.
          return totals.isCapped ? PAYMENT_EXPORT_LIMIT + 1 : totals.count;
        },
        // Keyset pages: a 200,000-row export reads each page as cheaply as the first.
        page: async ({ limit, offset, after }) =>
          withSubjectNumbers(
            await selectPayments(db, filter, scope, { sort: query.sort, limit, offset, after }),
          ),
        rowLimit: {
          max: PAYMENT_EXPORT_LIMIT,
          message: () =>
            `This filter matches more than ${PAYMENT_EXPORT_LIMIT.toLocaleString('en-NG')} payments; an export holds at most that many. Narrow it (dates, MDA, status) and export again.`,
        },
        audit: {
          action: 'payment.exported',
          entityType: 'payment',
          // The name as typed; the dictionary words found for it are not the officer's filter.
          filter: {
            ...filter,
            paymentReference: query.paymentReference,
            payerNameWordsOfName: undefined,
          },
        },
      });
    },

    /**
     * One payment. A bill whose RRR is pending confirmation is first settled with Remita by its
     * order id (ADR 0020); when Remita cannot say just now, the bill is shown as it stands.
     */
    async getPayment(actor: Actor, id: string): Promise<PaymentView> {
      const row = await getRow(actor, id);
      if (!confirmation || row.rrr !== null || row.rrrRequestedAt === null) {
        return toPaymentView(row);
      }
      try {
        await confirmation.settleBill(actor, id);
      } catch (err) {
        // Remita's refusal (a wrong key, a bill refused) is on the bill and in the audit trail;
        // the officer still sees the bill. Anything else is a fault of ours: thrown.
        if (!(err instanceof AppError)) throw err;
      }
      return toPaymentView(await getRow(actor, id));
    },
  };
}

export type PaymentHistoryService = ReturnType<typeof createPaymentHistoryService>;
