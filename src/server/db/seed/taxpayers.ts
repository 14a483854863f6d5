import { randomUUID } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { makeBtin } from '../../../shared/btin';
import { BUSINESS_TYPES, EMPLOYMENT_STATUSES, SECTORS } from '../../../shared/taxpayers';
import type { Db } from '../client';
import { taxpayerDirectors, taxpayers } from '../schema';

/**
 * Made-up taxpayers for the demo seed and the benchmark: believable Nigerian names (faker's
 * en_NG), places from the reference data, unique NINs, CAC numbers and phones. Deterministic
 * for a given faker seed.
 */
export type Places = { stateId: number; lgas: { id: number; townIds: number[] }[] };

type Row = typeof taxpayers.$inferInsert;
type Director = { name: string; phone: string; position: number };

const COMPANY_WORDS = [
  'Fisheries',
  'Oilfield Services',
  'Marine Logistics',
  'Agro Allied',
  'Construction',
  'Ventures',
  'Hospitality',
  'Petroleum',
  'Integrated Services',
  'Pharmacy',
  'Boatyard',
  'Cassava Processing',
];
const COMPANY_ENDINGS = ['Limited', 'Nigeria Limited', 'Enterprises', 'Ltd'];
const STREETS = [
  'Mbiama-Yenagoa Road',
  'Isaac Boro Expressway',
  'Melford Okilo Road',
  'Azikoro Road',
  'Imiringi Road',
  'Otiotio Road',
  'Kolo Creek Road',
];

/** Days before `now`, so the lists have a spread of registration dates (three years). */
function registeredAt(faker: Faker, now: Date): Date {
  return new Date(now.getTime() - faker.number.int({ min: 0, max: 3 * 365 * 24 * 3600 }) * 1000);
}

function place(faker: Faker, places: Places) {
  const lga = faker.helpers.arrayElement(places.lgas);
  return {
    stateId: places.stateId,
    lgaId: lga.id,
    townId:
      lga.townIds.length > 0 && faker.datatype.boolean(0.8)
        ? faker.helpers.arrayElement(lga.townIds)
        : null,
    address: `${faker.number.int({ min: 1, max: 240 })} ${faker.helpers.arrayElement(STREETS)}`,
  };
}

/** The n-th made-up mobile number: unique for n below ten million. */
export const fakePhone = (n: number) => `+234708${String(n % 10_000_000).padStart(7, '0')}`;

export function fakeIndividual(faker: Faker, n: number, places: Places, now: Date): Row {
  const sex = faker.helpers.arrayElement(['male', 'female'] as const);
  const firstName = faker.person.firstName(sex);
  const middleName = faker.datatype.boolean(0.4) ? faker.person.firstName(sex) : null;
  const lastName = faker.person.lastName();
  const nin = `9${String(n).padStart(10, '0')}`;
  const createdAt = registeredAt(faker, now);
  return {
    kind: 'individual',
    btin: '',
    source: 'import',
    displayName: [firstName, middleName, lastName].filter(Boolean).join(' '),
    title: sex === 'male' ? 'Mr' : faker.helpers.arrayElement(['Mrs', 'Miss', 'Ms']),
    firstName,
    middleName,
    lastName,
    gender: sex,
    dateOfBirth: faker.date
      .birthdate({ mode: 'age', min: 18, max: 80, refDate: now })
      .toISOString()
      .slice(0, 10),
    maritalStatus: faker.helpers.arrayElement(['single', 'married', 'married', 'widowed']),
    nin,
    nationalTaxId: nin,
    phone: fakePhone(n),
    email: faker.datatype.boolean(0.6)
      ? `${firstName}.${lastName}${n}@example.ng`.toLowerCase().replace(/[^a-z0-9.@]/g, '')
      : null,
    employmentStatus: faker.helpers.arrayElement(EMPLOYMENT_STATUSES),
    ...place(faker, places),
    createdAt,
    updatedAt: createdAt,
  };
}

export function fakeCompany(
  faker: Faker,
  n: number,
  places: Places,
  now: Date,
): { row: Row; directors: Director[] } {
  const registeredName = `${faker.person.lastName()} ${faker.helpers.arrayElement(COMPANY_WORDS)} ${faker.helpers.arrayElement(COMPANY_ENDINGS)}`;
  const cacNumber = `RC${1_000_000 + n}`;
  const createdAt = registeredAt(faker, now);
  const directors = Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, (_, position) => ({
    name: faker.person.fullName(),
    phone: fakePhone(5_000_000 + n * 3 + position),
    position,
  }));
  return {
    row: {
      kind: 'corporate',
      btin: '',
      source: 'import',
      displayName: registeredName,
      registeredName,
      cacKind: 'RC',
      cacNumber,
      nationalTaxId: cacNumber,
      incorporationDate: faker.date.past({ years: 30, refDate: now }).toISOString().slice(0, 10),
      sector: faker.helpers.arrayElement(SECTORS),
      businessType: faker.helpers.arrayElement(BUSINESS_TYPES.slice(0, 3)),
      employeeCount: faker.number.int({ min: 1, max: 400 }),
      phone: fakePhone(8_000_000 + n),
      email: `info${n}@${registeredName
        .split(' ')[0]
        ?.toLowerCase()
        .replace(/[^a-z]/g, '')}.example.ng`,
      ...place(faker, places),
      createdAt,
      updatedAt: createdAt,
    },
    directors,
  };
}

/** BTINs for `count` new taxpayers, from the sequence (never reused). */
async function takeBtins(db: Db, count: number): Promise<string[]> {
  const result = (await db.execute(
    sql`select nextval('btin_body_seq') as body from generate_series(1, ${count})`,
  )) as { rows: { body: string | number }[] };
  return result.rows.map((r) => makeBtin(Number(r.body)));
}

/**
 * Rows as one JSON document that PostgreSQL unpacks itself (json_populate_recordset): one
 * short statement with one parameter per batch, where a multi-row VALUES with forty columns
 * took longer to build, send and plan than to insert (bench/README.md). Columns no row gives
 * keep their defaults, so every row of a batch gives the same columns.
 */
function insertAsJson(db: Db, table: PgTable, rows: readonly Record<string, unknown>[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const given = new Set(rows.flatMap((row) => Object.keys(row)));
  const names = Object.entries(columns)
    .filter(([key]) => given.has(key))
    .map(([, column]) => column.name);
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]?.name, value])),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return db.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`,
  );
}

/** Inserts many taxpayers at once (with their directors); no per-row audit, the caller audits the batch. */
export async function insertTaxpayersInBulk(
  db: Db,
  batch: { row: Row; directors?: Director[] }[],
): Promise<void> {
  if (batch.length === 0) return;
  const btins = await takeBtins(db, batch.length);
  const rows = batch.map(({ row }, i) => ({ ...row, id: randomUUID(), btin: btins[i] as string }));
  await insertAsJson(db, taxpayers, rows);
  const directors = batch.flatMap(({ directors = [] }, i) =>
    directors.map((d) => ({ ...d, taxpayerId: rows[i]?.id as string })),
  );
  if (directors.length > 0) await insertAsJson(db, taxpayerDirectors, directors);
}
