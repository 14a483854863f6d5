import { and, asc, eq, or, sql } from 'drizzle-orm';
import { makeBtin } from '../../../shared/btin';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { taxpayerDirectors, taxpayers } from '../../db/schema';
import { referenceVersionColumn } from '../reference/service';

export type TaxpayerInsert = Omit<typeof taxpayers.$inferInsert, 'id' | 'btin'>;
export type TaxpayerColumns = Partial<Omit<typeof taxpayers.$inferInsert, 'id' | 'btin' | 'kind'>>;
export type DirectorRow = { name: string; phone: string | null; btin: string | null };

/** A BTIN from the sequence: nine digits never handed out before, and the check digit. */
export async function nextBtin(db: Db): Promise<string> {
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`select nextval('btin_body_seq') as body`)) as {
    rows: { body: string | number }[];
  };
  const body = result.rows[0]?.body;
  if (body === undefined) throw new Error('btin_body_seq returned nothing');
  return makeBtin(Number(body));
}

export async function insertTaxpayer(
  db: Db,
  btin: string,
  row: TaxpayerInsert,
  directors: readonly DirectorRow[],
): Promise<string> {
  const [inserted] = await db
    .insert(taxpayers)
    .values({ ...row, btin })
    .returning({ id: taxpayers.id });
  if (!inserted) throw new Error('insert into taxpayers returned nothing');
  await insertDirectors(db, inserted.id, directors);
  return inserted.id;
}

async function insertDirectors(db: Db, taxpayerId: string, directors: readonly DirectorRow[]) {
  if (directors.length === 0) return;
  await db
    .insert(taxpayerDirectors)
    .values(directors.map((d, position) => ({ ...d, taxpayerId, position })));
}

export async function replaceDirectors(
  db: Db,
  taxpayerId: string,
  directors: readonly DirectorRow[],
): Promise<void> {
  await db.delete(taxpayerDirectors).where(eq(taxpayerDirectors.taxpayerId, taxpayerId));
  await insertDirectors(db, taxpayerId, directors);
}

/** Applies the changes if the row is still at `expectedVersion`; false when someone got there first. */
export async function updateTaxpayerAtVersion(
  db: Db,
  id: string,
  expectedVersion: number,
  changes: TaxpayerColumns,
): Promise<boolean> {
  const updated = await db
    .update(taxpayers)
    .set({ ...changes, version: sql`${taxpayers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(taxpayers.id, id), eq(taxpayers.version, expectedVersion)))
    .returning({ id: taxpayers.id });
  return updated.length === 1;
}

/**
 * One taxpayer with its directors and the version of the reference data, in one statement: the
 * names of the places, occupation and profession it refers to come from memory at that version
 * (src/server/modules/taxpayers/record.ts, ADR 0018), not from a sub-select each. Prepared once
 * per handle (ADR 0017).
 */
export async function selectTaxpayerByBtin(db: Db, btin: string) {
  const query = preparedOn(db, 'taxpayer_by_btin', (on, name) =>
    on
      .select({
        taxpayer: taxpayers,
        referenceVersion: referenceVersionColumn,
        // Spelled out: Drizzle writes a column of a one-table select without its table, and
        // taxpayer_directors has an `id` of its own.
        directors: sql<
          DirectorRow[]
        >`(select coalesce(json_agg(json_build_object('name', d.name, 'phone', d.phone, 'btin', d.btin) order by d.position), '[]') from taxpayer_directors d where d.taxpayer_id = taxpayers.id)`,
      })
      .from(taxpayers)
      .where(eq(taxpayers.btin, sql.placeholder('btin')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ btin });
  return row ?? null;
}

const nameAndBtin = { btin: taxpayers.btin, displayName: taxpayers.displayName, id: taxpayers.id };

export async function findByNin(db: Db, nin: string) {
  const [row] = await db.select(nameAndBtin).from(taxpayers).where(eq(taxpayers.nin, nin)).limit(1);
  return row ?? null;
}

export async function findByCacNumber(db: Db, cacNumber: string) {
  const [row] = await db
    .select(nameAndBtin)
    .from(taxpayers)
    .where(eq(taxpayers.cacNumber, cacNumber))
    .limit(1);
  return row ?? null;
}

const LIKELY_DUPLICATE_LIMIT = 10;

export function findSameNameAndBirthDate(
  db: Db,
  person: { firstName: string; lastName: string; dateOfBirth: string },
) {
  return db
    .select(nameAndBtin)
    .from(taxpayers)
    .where(
      and(
        eq(taxpayers.dateOfBirth, person.dateOfBirth),
        sql`lower(${taxpayers.firstName}) = lower(${person.firstName})`,
        sql`lower(${taxpayers.lastName}) = lower(${person.lastName})`,
      ),
    )
    .limit(LIKELY_DUPLICATE_LIMIT);
}

export function findSameRegisteredName(db: Db, registeredName: string) {
  return db
    .select(nameAndBtin)
    .from(taxpayers)
    .where(
      and(
        eq(taxpayers.kind, 'corporate'),
        sql`lower(${taxpayers.displayName}) = lower(${registeredName})`,
      ),
    )
    .limit(LIKELY_DUPLICATE_LIMIT);
}

export function findSamePhone(db: Db, phone: string) {
  return db
    .select(nameAndBtin)
    .from(taxpayers)
    .where(eq(taxpayers.phone, phone))
    .limit(LIKELY_DUPLICATE_LIMIT);
}

export function findSameEmail(db: Db, email: string) {
  return db
    .select(nameAndBtin)
    .from(taxpayers)
    .where(eq(taxpayers.email, email))
    .limit(LIKELY_DUPLICATE_LIMIT);
}

export async function setPhotoKey(db: Db, id: string, photoKey: string, officerId: string | null) {
  await db
    .update(taxpayers)
    .set({
      photoKey,
      updatedBy: officerId,
      updatedAt: sql`now()`,
      version: sql`${taxpayers.version} + 1`,
    })
    .where(eq(taxpayers.id, id));
}

/** The top bar search: exact BTIN, e-mail or phone; several taxpayers may share a phone. */
export function lookupTaxpayers(
  db: Db,
  term: { btin: string | null; email: string | null; phone: string | null },
) {
  const given = {
    ...(term.btin ? { btin: term.btin } : {}),
    ...(term.email ? { email: term.email } : {}),
    ...(term.phone ? { phone: term.phone } : {}),
  };
  const keys = Object.keys(given) as (keyof typeof given)[];
  if (keys.length === 0) return Promise.resolve([]);
  const query = preparedOn(db, `taxpayer_lookup_${keys.join('_')}`, (on, name) =>
    on
      .select({
        btin: taxpayers.btin,
        kind: taxpayers.kind,
        displayName: taxpayers.displayName,
        username: taxpayers.username,
        firstName: taxpayers.firstName,
        lastName: taxpayers.lastName,
        phone: taxpayers.phone,
      })
      .from(taxpayers)
      .where(or(...keys.map((key) => eq(taxpayers[key], sql.placeholder(key)))))
      .orderBy(asc(taxpayers.displayName))
      .limit(20)
      .prepare(name),
  );
  return query.execute(given);
}

/** Holds a lock on this phone until the transaction ends (auto-registration takes turns per payer). */
export async function lockPayerPhone(db: Db, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payer-phone:${phone}`}))`);
}
