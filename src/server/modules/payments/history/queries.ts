import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  isNull,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  PAYMENT_SUBJECT_KINDS,
  type PaymentListQuery,
  type PaymentSort,
} from '../../../../shared/payments';
import { type MdaScope, whereInMdaScopeWithPlaceholders } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { driverRows } from '../../../db/driverRows';
import { PlaceholderFilter } from '../../../db/placeholderFilter';
import { builtOnce } from '../../../db/prepared';
import { paymentPayerNameWords, payments } from '../../../db/schema';
import { type NameWordsSource, nameCondition, type SimilarWord } from '../../../search/nameWords';
import {
  type PaymentDriverRow,
  type PaymentViewRow,
  selectPaymentDriverRows,
  selectPaymentRows,
} from '../queries';

/**
 * The payment history's reads: its filters, sorts, pages and totals over the payment view
 * (../queries.ts, which joins the MDA, its revenue head and the officers' usernames); the
 * ledger's writes stay in ledger/queries.ts. Past 400 lines on purpose: the filter's two forms
 * (whereOf with values, placeholderFilterOf for the statements built once), the sorts and the
 * keyset pages must say the same conditions and orders, and are kept side by side for that.
 */

/**
 * A payment's date for the date filter: the Lagos day it was paid, or, for one never paid (a
 * bill still pending, failed or cancelled), the day it was raised. Both ends included. The
 * stored `payment_date` column holds that day, indexed alone and with the MDA.
 */
function paymentDateBetween(startDate: string | undefined, endDate: string | undefined) {
  return and(
    startDate ? gte(payments.paymentDate, startDate) : undefined,
    endDate ? lte(payments.paymentDate, endDate) : undefined,
  );
}

/** Payer names' words and their dictionary (migration 0014, ADR 0019). */
export const PAYER_NAMES: NameWordsSource = {
  dictionary: paymentPayerNameWords,
  word: paymentPayerNameWords.word,
  nameWords: payments.payerNameWords,
};

/** What the service makes of the free-text "payment reference" (see service.ts). */
export type PaymentReference = {
  rrr: string | null;
  receiptNumber: string;
  sourceReference: string;
};

export type PaymentFilter = Omit<
  PaymentListQuery,
  'paymentReference' | 'page' | 'pageSize' | 'sort' | 'format'
> & {
  paymentReference: PaymentReference | null;
  /** The MDA `mdaCode` names, found before the query (null: no MDA has that code). */
  mdaIdOfCode?: string | null;
  /**
   * For `customerName`, the words of payer names like each word typed, found before the query
   * (src/server/search/nameWords.ts findSimilarWords): the rows are then found exactly.
   */
  payerNameWordsOfName?: SimilarWord[][];
};

/**
 * The `assessmentId` filter: the payment's subject has this id, whatever its kind, as the
 * column it replaced held assessments' and certificates' ids alike (ADR 0028). Every kind is
 * named so that payments_subject_idx (kind, id) is read once per kind, not scanned whole.
 */
const EVERY_SUBJECT_KIND = sql.raw(
  `array[${PAYMENT_SUBJECT_KINDS.map((kind) => `'${kind}'`).join(', ')}]::payment_subject_kind[]`,
);
function subjectIdIs(id: string | Placeholder): SQL | undefined {
  return and(sql`${payments.subjectKind} = any(${EVERY_SUBJECT_KIND})`, eq(payments.subjectId, id));
}

function whereOf(filter: PaymentFilter, scope: SQL | undefined): SQL | undefined {
  const ref = filter.paymentReference;
  return and(
    scope,
    filter.assessmentId ? subjectIdIs(filter.assessmentId) : undefined,
    filter.btin ? eq(payments.btin, filter.btin) : undefined,
    paymentDateBetween(filter.startDate, filter.endDate),
    // Word by word through payments_payer_name_words_idx (ADR 0019).
    filter.customerName
      ? nameCondition(payments.payerNameWords, filter.payerNameWordsOfName ?? [])
      : undefined,
    ref
      ? or(
          ref.rrr ? eq(payments.rrr, ref.rrr) : undefined,
          eq(payments.receiptNumber, ref.receiptNumber),
          eq(payments.sourceReference, ref.sourceReference),
        )
      : undefined,
    filter.type ? eq(payments.type, filter.type) : undefined,
    // The MDA's id, found first, so the planner sees which MDA (and how big) it is.
    filter.mdaCode
      ? filter.mdaIdOfCode
        ? eq(payments.mdaId, filter.mdaIdOfCode)
        : sql`false`
      : undefined,
    filter.channel ? eq(payments.channel, filter.channel) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
  );
}

/**
 * The date a row shows (shared/payments/enums.ts PAYMENT_SORTS `date`): paid, or raised when
 * never paid. Written as payments_shown_at_idx indexes it, so the planner reads that index.
 */
const shownAt = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;

const SORTS = {
  // Each ends on the id in the same direction, so the order is total and pages never overlap.
  date: [asc(shownAt), asc(payments.id)],
  '-date': [desc(shownAt), desc(payments.id)],
  paidAt: [sql`${payments.paidAt} asc nulls last`, asc(payments.id)],
  '-paidAt': [sql`${payments.paidAt} desc nulls last`, desc(payments.id)],
  createdAt: [asc(payments.createdAt), asc(payments.id)],
  '-createdAt': [desc(payments.createdAt), desc(payments.id)],
  amount: [asc(payments.amountKobo), asc(payments.id)],
  '-amount': [desc(payments.amountKobo), desc(payments.id)],
} satisfies Record<PaymentSort, SQL[]>;

/**
 * The filter of a list without a payer name, with a placeholder for each value
 * (db/placeholderFilter.ts): the page and the totals of one shape (which filters are present,
 * how many MDAs the scope holds) are built once (db/prepared.ts builtOnce) and run with each
 * request's values. Same conditions as whereOf.
 */
function placeholderFilterOf(filter: PaymentFilter, scope: MdaScope) {
  const ref = filter.paymentReference;
  const filtered = new PlaceholderFilter()
    .part(whereInMdaScopeWithPlaceholders(scope, payments.mdaId))
    .value('assessmentId', filter.assessmentId, subjectIdIs)
    .value('btin', filter.btin, (btin) => eq(payments.btin, btin))
    .value('startDate', filter.startDate, (day) => gte(payments.paymentDate, day))
    .value('endDate', filter.endDate, (day) => lte(payments.paymentDate, day));
  if (ref) {
    const { rrr, receiptNumber, sourceReference } = ref;
    filtered.add(
      rrr ? 'ref+rrr' : 'ref',
      { receiptNumber, sourceReference, ...(rrr ? { rrr } : {}) },
      () =>
        or(
          rrr ? eq(payments.rrr, sql.placeholder('rrr')) : undefined,
          eq(payments.receiptNumber, sql.placeholder('receiptNumber')),
          eq(payments.sourceReference, sql.placeholder('sourceReference')),
        ),
    );
  }
  filtered.value('type', filter.type, (type) => eq(payments.type, type));
  if (filter.mdaCode) {
    if (filter.mdaIdOfCode)
      filtered.value('mdaId', filter.mdaIdOfCode, (id) => eq(payments.mdaId, id));
    else filtered.fixed('noSuchMda', sql`false`);
  }
  return filtered
    .value('channel', filter.channel, (channel) => eq(payments.channel, channel))
    .value('status', filter.status, (status) => eq(payments.status, status));
}

/**
 * One page of a filter without a payer name, in the asked order: built once per shape, its rows
 * as the driver returns them for toPaymentViewFromDriver (ADR 0024).
 */
export function selectPaymentPage(
  db: Db,
  filter: PaymentFilter,
  scope: MdaScope,
  window: { sort: PaymentSort; limit: number; offset: number },
): Promise<PaymentDriverRow[]> {
  const filtered = placeholderFilterOf(filter, scope);
  const query = builtOnce(db, `payments_page:${filtered.shape}:${window.sort}`, (on, name) =>
    selectPaymentDriverRows(on)
      .where(filtered.where())
      .orderBy(...SORTS[window.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  return driverRows<PaymentDriverRow>(query, {
    ...filtered.values,
    limit: window.limit,
    offset: window.offset,
  });
}

/** selectPaymentTotals for a filter without a payer name: built once per shape. */
export async function selectPaymentTotalsOf(db: Db, filter: PaymentFilter, scope: MdaScope) {
  const filtered = placeholderFilterOf(filter, scope);
  const query = builtOnce(db, `payments_totals:${filtered.shape}`, (on, name) =>
    on
      .select({
        count: sql<string>`count(*)`,
        amountKobo: sql<string>`coalesce(sum(${payments.amountKobo}), 0)`,
        paidAmountKobo: sql<string>`coalesce(sum(${payments.amountKobo}) filter (where ${payments.status} = 'paid'), 0)`,
      })
      .from(payments)
      .where(filtered.where())
      .prepare(name),
  );
  const [row] = await query.execute(filtered.values);
  return {
    count: Number(row?.count ?? 0),
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
  };
}

/** Where a keyset page starts: the last row of the page before (its id, and whether it was paid). */
export type PaymentCursor = { id: string; paidAt: unknown };

const SORT_KEYS = {
  date: { column: shownAt, name: 'coalesce(keyset_cursor.paid_at, keyset_cursor.created_at)' },
  createdAt: { column: payments.createdAt, name: 'keyset_cursor.created_at' },
  amount: { column: payments.amountKobo, name: 'keyset_cursor.amount_kobo' },
} as const;

/**
 * The rows after `after` in a `date`, `createdAt` or `amount` order (SORTS): past it on the sort key,
 * or level with it and past it on the id. The cursor's key is read back from its row by id, so
 * a timestamp keeps its microseconds (a JavaScript Date holds milliseconds; a row's created_at
 * does not). The `>=`/`<=` first term lets payments_created_at_idx narrow the read.
 */
function afterCursor(sort: Exclude<PaymentSort, PaidAtSort>, after: PaymentCursor): SQL {
  const descending = sort.startsWith('-');
  const key = SORT_KEYS[(descending ? sort.slice(1) : sort) as keyof typeof SORT_KEYS];
  const idPast = descending ? lt(payments.id, after.id) : gt(payments.id, after.id);
  const its = sql`(select ${sql.raw(key.name)} from payments keyset_cursor where keyset_cursor.id = ${after.id})`;
  return descending
    ? sql`(${key.column} <= ${its} and (${key.column} < ${its} or ${idPast}))`
    : sql`(${key.column} >= ${its} and (${key.column} > ${its} or ${idPast}))`;
}

type PaidAtSort = 'paidAt' | '-paidAt';
const isPaidAtSort = (sort: PaymentSort): sort is PaidAtSort =>
  sort === 'paidAt' || sort === '-paidAt';

/**
 * SORTS' paid_at orders as payments_paid_at_idx and payments_mda_paid_at_idx hold them
 * (`paid_at desc nulls last, id desc`), read forward or backward. Among rows all paid or all
 * unpaid, which is all a keyset part reads, this is SORTS' order exactly; SORTS' own
 * `asc nulls last` is no direction of the index, and PostgreSQL would sort instead.
 */
const PAID_AT_INDEX_ORDER = {
  '-paidAt': [sql`${payments.paidAt} desc nulls last`, desc(payments.id)],
  paidAt: [sql`${payments.paidAt} asc nulls first`, asc(payments.id)],
} satisfies Record<PaidAtSort, SQL[]>;

/**
 * A keyset page on `paid_at`, which sorts nulls last both ways (ADR 0029): past a
 * paid cursor come the paid rows after it, then every unpaid one by id; past an unpaid
 * cursor, only unpaid rows after it by id. Each part is its own statement, a range of the
 * paid_at index: one `where (paid past) or paid_at is null` is no range, and the scan then
 * read every row from the index's start to the cursor (bench/README.md, "keyset on paid_at").
 * The unpaid part runs only when the paid rows do not fill the page.
 */
async function selectPaymentsAfterOnPaidAt(
  db: Db,
  where: SQL | undefined,
  sort: PaidAtSort,
  after: PaymentCursor,
  limit: number,
) {
  const order = PAID_AT_INDEX_ORDER[sort];
  const descending = sort === '-paidAt';
  const unpaid = (idPast: SQL | undefined, count: number) =>
    selectPaymentRows(db)
      .where(and(where, isNull(payments.paidAt), idPast))
      .orderBy(...order)
      .limit(count);
  if (after.paidAt === null) {
    return unpaid(descending ? lt(payments.id, after.id) : gt(payments.id, after.id), limit);
  }
  // A row value comparison: one range of the index, (paid_at, id) past the cursor's.
  const its = sql`(select keyset_cursor.paid_at from payments keyset_cursor where keyset_cursor.id = ${after.id})`;
  const paidPast = descending
    ? sql`(${payments.paidAt}, ${payments.id}) < (${its}, ${after.id})`
    : sql`(${payments.paidAt}, ${payments.id}) > (${its}, ${after.id})`;
  const paid = await selectPaymentRows(db)
    .where(and(where, paidPast))
    .orderBy(...order)
    .limit(limit);
  if (paid.length >= limit) return paid;
  return [...paid, ...(await unpaid(undefined, limit - paid.length))];
}

/**
 * One page of the filter, in the asked order: by offset (the list's pages), or, given `after`,
 * the rows that follow it (keyset: the export's pages, each as cheap as the first, ADR 0029).
 */
export async function selectPayments(
  db: Db,
  filter: PaymentFilter,
  scope: SQL | undefined,
  window: { sort: PaymentSort; limit: number; offset: number; after?: PaymentCursor | null },
): Promise<PaymentViewRow[]> {
  const where = whereOf(filter, scope);
  const { sort, after } = window;
  if (after && isPaidAtSort(sort)) {
    return selectPaymentsAfterOnPaidAt(db, where, sort, after, window.limit);
  }
  const past = after && !isPaidAtSort(sort) ? afterCursor(sort, after) : undefined;
  return selectPaymentRows(db)
    .where(and(where, past))
    .orderBy(...SORTS[sort])
    .limit(window.limit)
    .offset(past ? 0 : window.offset);
}

/** The filter's count and sums: every matching payment's amount, and the paid ones'. */
export async function selectPaymentTotals(db: Db, filter: PaymentFilter, scope: SQL | undefined) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${payments.amountKobo}), 0)`,
      paidAmountKobo: sql<string>`coalesce(sum(${payments.amountKobo}) filter (where ${payments.status} = 'paid'), 0)`,
    })
    .from(payments)
    .where(whereOf(filter, scope));
  // count and sum of bigint come back as text (numeric): far below 2^53 kobo for any ledger.
  return {
    count: Number(row?.count ?? 0),
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
  };
}

/**
 * The filter's count up to `countLimit` and, when that is all of them, their sums; past it,
 * `isCapped` and no sums: adding up a common surname's tens of thousands of payments would
 * read every one of them (ADR 0019). Reads at most countLimit + 1 rows.
 */
export async function selectPaymentTotalsUpTo(
  db: Db,
  filter: PaymentFilter,
  scope: SQL | undefined,
  countLimit: number,
) {
  const matches = db
    .select({ amountKobo: payments.amountKobo, status: payments.status })
    .from(payments)
    .where(whereOf(filter, scope))
    .limit(countLimit + 1)
    .as('matches');
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${matches.amountKobo}), 0)`,
      paidAmountKobo: sql<string>`coalesce(sum(${matches.amountKobo}) filter (where ${matches.status} = 'paid'), 0)`,
    })
    .from(matches);
  const counted = Number(row?.count ?? 0);
  if (counted > countLimit) {
    return { count: countLimit, amountKobo: null, paidAmountKobo: null, isCapped: true };
  }
  return {
    count: counted,
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
    isCapped: false,
  };
}

/** The newest week first, then the week before, two before that, four…: 12 steps pass 78 years. */
const NEWEST_FIRST_WINDOW_DAYS = 7;
const NEWEST_FIRST_WINDOWS = 12;

/**
 * A page newest first (`-date` or `-createdAt`) of a filter matching more than can be sorted cheaply (a
 * common surname): read window by window of `created_at`, newest first, each window's matches
 * found through the word index and the created_at index together, until the page is full. So
 * a first page reads about its own rows and those of the last window, not every match
 * (ADR 0019). The windows do not overlap and go back without end, so the order is exactly
 * that of selectPayments.
 */
export async function selectPaymentsNewestFirstByWindow(
  db: Db,
  filter: PaymentFilter,
  scope: SQL | undefined,
  window: { limit: number; offset: number; sort?: '-date' | '-createdAt' },
  now: Date = new Date(),
) {
  // The date shown (paid, or raised) is windowed the same way, through payments_shown_at_idx.
  const sort = window.sort ?? '-createdAt';
  const key = sort === '-date' ? shownAt : payments.createdAt;
  const wanted = window.offset + window.limit;
  const found: PaymentViewRow[] = [];
  let newer: Date | null = null;
  for (let step = 0; step <= NEWEST_FIRST_WINDOWS && found.length < wanted; step++) {
    const days = NEWEST_FIRST_WINDOW_DAYS * 2 ** step;
    const older =
      step === NEWEST_FIRST_WINDOWS ? null : new Date(now.getTime() - days * 86_400_000);
    found.push(
      ...(await selectPaymentRows(db)
        .where(
          and(
            whereOf(filter, scope),
            older ? sql`${key} >= ${older.toISOString()}::timestamptz` : undefined,
            newer ? sql`${key} < ${newer.toISOString()}::timestamptz` : undefined,
          ),
        )
        .orderBy(...SORTS[sort])
        .limit(wanted - found.length)),
    );
    newer = older;
  }
  return found.slice(window.offset);
}

/**
 * Whether the rollups (daily and monthly totals, rollupTotals.ts) can answer for this filter:
 * they know the MDA, the day or month and the status, nothing else.
 */
export function isRollupFilter(filter: PaymentFilter): boolean {
  return (
    !filter.assessmentId &&
    !filter.btin &&
    !filter.customerName &&
    !filter.paymentReference &&
    !filter.type &&
    !filter.channel
  );
}
