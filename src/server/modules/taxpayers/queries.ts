import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { makeBtin } from '../../../shared/btin';
import type { TaxpayerListQuery, TaxpayerSort } from '../../../shared/taxpayers';
import type { Db } from '../../db/client';
import { lgas, taxpayerDirectors, taxpayers } from '../../db/schema';

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
 * One taxpayer with the names of everything it refers to. Scalar sub-selects rather than
 * nine joins: the planner then has no join order to search, which on PostgreSQL cost more
 * than the lookup itself (bench/README.md).
 */
export async function findTaxpayerByBtin(db: Db, btin: string) {
  const nameOf = (table: string, id: SQL) =>
    sql<string | null>`(select name from ${sql.identifier(table)} where id = ${id})`;
  const [row] = await db
    .select({
      taxpayer: taxpayers,
      stateName: nameOf('states', sql`${taxpayers.stateId}`),
      lgaName: nameOf('lgas', sql`${taxpayers.lgaId}`),
      townName: nameOf('towns', sql`${taxpayers.townId}`),
      occupationName: nameOf('occupations', sql`${taxpayers.occupationId}`),
      professionName: nameOf('professions', sql`${taxpayers.professionId}`),
      professionSubcategoryCode: sql<
        string | null
      >`(select s.code from professions p join profession_subcategories s on s.id = p.subcategory_id where p.id = ${taxpayers.professionId})`,
      professionCategoryCode: sql<
        string | null
      >`(select c.code from professions p join profession_subcategories s on s.id = p.subcategory_id join profession_categories c on c.id = s.category_id where p.id = ${taxpayers.professionId})`,
      createdByUsername: sql<
        string | null
      >`(select username from officers where id = ${taxpayers.createdBy})`,
      updatedByUsername: sql<
        string | null
      >`(select username from officers where id = ${taxpayers.updatedBy})`,
    })
    .from(taxpayers)
    .where(eq(taxpayers.btin, btin))
    .limit(1);
  if (!row) return null;
  const directors = await db
    .select({
      name: taxpayerDirectors.name,
      phone: taxpayerDirectors.phone,
      btin: taxpayerDirectors.btin,
    })
    .from(taxpayerDirectors)
    .where(eq(taxpayerDirectors.taxpayerId, row.taxpayer.id))
    .orderBy(asc(taxpayerDirectors.position));
  return { ...row, directors };
}
export type TaxpayerRecord = NonNullable<Awaited<ReturnType<typeof findTaxpayerByBtin>>>;

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
  const matches = [
    term.btin ? eq(taxpayers.btin, term.btin) : undefined,
    term.email ? eq(taxpayers.email, term.email) : undefined,
    term.phone ? eq(taxpayers.phone, term.phone) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (matches.length === 0) return Promise.resolve([]);
  return db
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
    .where(or(...matches))
    .orderBy(asc(taxpayers.displayName))
    .limit(20);
}

/** What a search term can be, worked out by the service (src/server/modules/taxpayers/searchTerm.ts). */
export type SearchTerm = {
  exact: {
    btin: string[];
    phone: string[];
    email: string[];
    nin: string[];
    cacNumber: string[];
    jtbTin: string[];
  };
  /** Text to match names by similarity, when the term has letters. */
  name: string | null;
};

/**
 * Names match by word similarity (pg_trgm `<%`, served by the GIN index). The threshold is
 * lowered from pg_trgm's 0.6 so that one or two wrong letters in a name still find it
 * ("Alamiyeseigha" finds "Alamieyeseigha"); set per transaction, never for the whole database.
 */
export const NAME_SIMILARITY_THRESHOLD = 0.45;

function exactConditions(term: SearchTerm): SQL[] {
  const { exact } = term;
  const conditions: SQL[] = [];
  if (exact.btin.length) conditions.push(inArray(taxpayers.btin, exact.btin));
  if (exact.phone.length) conditions.push(inArray(taxpayers.phone, exact.phone));
  if (exact.email.length) conditions.push(inArray(taxpayers.email, exact.email));
  if (exact.nin.length) conditions.push(inArray(taxpayers.nin, exact.nin));
  if (exact.cacNumber.length) conditions.push(inArray(taxpayers.cacNumber, exact.cacNumber));
  if (exact.jtbTin.length) conditions.push(inArray(taxpayers.jtbTin, exact.jtbTin));
  return conditions;
}

/** Midnight at the start of a Lagos day, so "registered on the 3rd" means the 3rd in Yenagoa. */
const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

const SORTS = {
  name: [asc(taxpayers.displayName), asc(taxpayers.id)],
  '-name': [desc(taxpayers.displayName), desc(taxpayers.id)],
  createdAt: [asc(taxpayers.createdAt), asc(taxpayers.id)],
  '-createdAt': [desc(taxpayers.createdAt), desc(taxpayers.id)],
  btin: [asc(taxpayers.btin)],
  '-btin': [desc(taxpayers.btin)],
} satisfies Record<Exclude<TaxpayerSort, 'relevance'>, SQL[]>;

export const listColumns = {
  btin: taxpayers.btin,
  kind: taxpayers.kind,
  status: taxpayers.status,
  displayName: taxpayers.displayName,
  firstName: taxpayers.firstName,
  lastName: taxpayers.lastName,
  registeredName: taxpayers.registeredName,
  nin: taxpayers.nin,
  cacNumber: taxpayers.cacNumber,
  phone: taxpayers.phone,
  email: taxpayers.email,
  lgaName: lgas.name,
  createdAt: taxpayers.createdAt,
};

/**
 * The registry list: filters, then the search (exact identifiers or similar names), in the
 * asked order (best match first when searching). `limit`/`offset` page it; the export asks
 * for many rows at once.
 */
export async function selectTaxpayers(
  db: Db,
  query: Omit<TaxpayerListQuery, 'search'> & { search: SearchTerm | null },
  window: { limit: number; offset: number },
) {
  const term = query.search;
  const exact = term ? exactConditions(term) : [];
  const nameMatch = term?.name ? sql`${term.name} <% ${taxpayers.displayName}` : undefined;
  const searchCondition = term
    ? or(...exact, ...(nameMatch ? [nameMatch] : []), sql`false`)
    : undefined;
  const where = and(
    query.kind ? eq(taxpayers.kind, query.kind) : undefined,
    query.lga ? eq(taxpayers.lgaId, query.lga) : undefined,
    query.status ? eq(taxpayers.status, query.status) : undefined,
    query.registeredFrom
      ? gte(taxpayers.createdAt, lagosDayStart(query.registeredFrom))
      : undefined,
    query.registeredTo
      ? lt(taxpayers.createdAt, sql`${lagosDayStart(query.registeredTo)} + interval '1 day'`)
      : undefined,
    searchCondition,
  );
  const sort = query.sort ?? (term ? 'relevance' : '-createdAt');
  const order: SQL[] =
    sort === 'relevance'
      ? [
          ...(exact.length ? [desc(sql`(${or(...exact)})`)] : []),
          ...(term?.name
            ? [desc(sql`word_similarity(${term.name}, ${taxpayers.displayName})`)]
            : []),
          desc(taxpayers.createdAt),
          desc(taxpayers.id),
        ]
      : SORTS[sort];

  return db.transaction(async (tx) => {
    if (nameMatch) {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true)`,
      );
    }
    const items = await tx
      .select(listColumns)
      .from(taxpayers)
      .leftJoin(lgas, eq(lgas.id, taxpayers.lgaId))
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset);
    const [totals] = await tx.select({ total: count() }).from(taxpayers).where(where);
    return { items, total: totals?.total ?? 0 };
  });
}
export type TaxpayerListRow = Awaited<ReturnType<typeof selectTaxpayers>>['items'][number];
