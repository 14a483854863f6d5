import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { StampInstrumentListQuery } from '../../../shared/stampDuty/schemas';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  officers,
  payments,
  stampDutyRules,
  stampInstruments,
  stampMprRates,
  stampParties,
  stampPenaltyRules,
} from '../../db/schema';

/** The only file of the stamp duty module that talks to Drizzle (docs/architecture.md §2). */

export type StampInstrumentRow = typeof stampInstruments.$inferSelect;
export type StampPartyRow = typeof stampParties.$inferSelect;
export type StampDutyRuleRow = typeof stampDutyRules.$inferSelect;

export async function selectRuleTables(db: Db) {
  const [rules, penalties, mprRates] = await Promise.all([
    db
      .select()
      .from(stampDutyRules)
      .orderBy(asc(stampDutyRules.instrumentType), asc(stampDutyRules.validFrom)),
    db.select().from(stampPenaltyRules).orderBy(asc(stampPenaltyRules.validFrom)),
    db.select().from(stampMprRates).orderBy(asc(stampMprRates.validFrom)),
  ]);
  return { rules, penalties, mprRates };
}

export async function findRuleForUpdate(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(stampDutyRules)
    .where(eq(stampDutyRules.id, id))
    .for('update');
  return row ?? null;
}

export async function updateRule(
  tx: Db,
  id: string,
  version: number,
  values: Partial<typeof stampDutyRules.$inferInsert>,
) {
  const [row] = await tx
    .update(stampDutyRules)
    .set({ ...values, version: sql`${stampDutyRules.version} + 1`, updatedAt: new Date() })
    .where(and(eq(stampDutyRules.id, id), eq(stampDutyRules.version, version)))
    .returning();
  return row ?? null;
}

export async function insertInstrument(tx: Db, values: typeof stampInstruments.$inferInsert) {
  const [row] = await tx.insert(stampInstruments).values(values).returning();
  if (!row) throw new Error('insert into stamp_instruments returned nothing');
  return row;
}

export async function insertParties(tx: Db, values: (typeof stampParties.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(stampParties).values(values).returning();
}

export async function selectInstrument(db: Db, id: string) {
  const [row] = await db.select().from(stampInstruments).where(eq(stampInstruments.id, id));
  return row ?? null;
}

export async function findInstrumentForUpdate(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(stampInstruments)
    .where(eq(stampInstruments.id, id))
    .for('update');
  return row ?? null;
}

export async function updateInstrument(
  tx: Db,
  id: string,
  values: Partial<typeof stampInstruments.$inferInsert>,
  where?: SQL,
) {
  const [row] = await tx
    .update(stampInstruments)
    .set({ ...values, version: sql`${stampInstruments.version} + 1`, updatedAt: new Date() })
    .where(where ? and(eq(stampInstruments.id, id), where) : eq(stampInstruments.id, id))
    .returning();
  return row ?? null;
}

export function selectParties(db: Db, instrumentIds: readonly string[]) {
  if (instrumentIds.length === 0) return Promise.resolve([] as StampPartyRow[]);
  return db
    .select()
    .from(stampParties)
    .where(inArray(stampParties.instrumentId, [...instrumentIds]))
    .orderBy(asc(stampParties.instrumentId), asc(stampParties.position));
}

/** The payment facts an instrument's views show: its bill's RRR, receipt and day paid. */
export async function selectPaymentFacts(db: Db, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return new Map<string, PaymentFacts>();
  const rows = await db
    .select({
      id: payments.id,
      rrr: payments.rrr,
      receiptNumber: payments.receiptNumber,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(inArray(payments.id, [...paymentIds]));
  return new Map(rows.map((r) => [r.id, r]));
}
export type PaymentFacts = {
  id: string;
  rrr: string | null;
  receiptNumber: string | null;
  paidAt: Date | null;
};

export async function selectOfficerNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({
      id: officers.id,
      name: sql<string>`${officers.firstName} || ' ' || ${officers.surname}`,
    })
    .from(officers)
    .where(inArray(officers.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function listWhere(query: StampInstrumentListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(stampInstruments.status, query.status) : undefined,
    query.instrumentType ? eq(stampInstruments.instrumentType, query.instrumentType) : undefined,
    query.executedFrom ? gte(stampInstruments.executedOn, query.executedFrom) : undefined,
    query.executedTo ? lte(stampInstruments.executedOn, query.executedTo) : undefined,
  ];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        eq(stampInstruments.certificateNumber, search.toUpperCase()),
        sql`${stampInstruments.description} ilike ${pattern}`,
        sql`exists (select 1 from ${stampParties} where ${stampParties.instrumentId} = ${stampInstruments.id} and (${stampParties.btin} = ${search} or ${stampParties.name} ilike ${pattern}))`,
      ),
    );
  }
  return and(...conditions);
}

const SORTS = {
  executedOn: [asc(stampInstruments.executedOn), asc(stampInstruments.id)],
  '-executedOn': [desc(stampInstruments.executedOn), desc(stampInstruments.id)],
  createdAt: [asc(stampInstruments.createdAt), asc(stampInstruments.id)],
  '-createdAt': [desc(stampInstruments.createdAt), desc(stampInstruments.id)],
  duty: [asc(stampInstruments.dutyKobo), asc(stampInstruments.id)],
  '-duty': [desc(stampInstruments.dutyKobo), desc(stampInstruments.id)],
} as const;

export function selectInstrumentPage(
  db: Db,
  query: StampInstrumentListQuery,
  window: { limit: number; offset: number },
) {
  return db
    .select()
    .from(stampInstruments)
    .where(listWhere(query))
    .orderBy(...SORTS[query.sort])
    .limit(window.limit)
    .offset(window.offset);
}

export async function countInstruments(db: Db, query: StampInstrumentListQuery) {
  const [row] = await db.select({ n: count() }).from(stampInstruments).where(listWhere(query));
  return row?.n ?? 0;
}

export async function nextCertificateSequence(tx: Db): Promise<number> {
  const result = (await tx.execute(sql`select nextval('stamp_certificate_seq') as n`)) as {
    rows: { n: string | number }[];
  };
  const n = result.rows[0]?.n;
  if (n === undefined) throw new Error('stamp_certificate_seq returned nothing');
  return Number(n);
}

export async function selectByCertificateNumber(db: Db, number: string) {
  const [row] = await db
    .select()
    .from(stampInstruments)
    .where(eq(stampInstruments.certificateNumber, number));
  return row ?? null;
}

export async function selectByPublicCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(stampInstruments)
    .where(eq(stampInstruments.publicCode, code));
  return row ?? null;
}

/** Certificate numbers of instruments, for the ledger's references (ADR 0028). */
export async function selectCertificateNumbers(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: stampInstruments.id, number: stampInstruments.certificateNumber })
    .from(stampInstruments)
    .where(inArray(stampInstruments.id, [...ids]));
  return new Map(rows.filter((r) => r.number).map((r) => [r.id, r.number as string]));
}
