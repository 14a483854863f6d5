import { performance } from 'node:perf_hooks';
import { fakerEN_NG as faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Db } from '../../src/server/db/client';
import { officers } from '../../src/server/db/schema';
import { selectPlacesOfState } from '../../src/server/db/seed/queries';
import { fakeIndividual, insertTaxpayersInBulk } from '../../src/server/db/seed/taxpayers';
import { TCC_KINDS, TCC_PURPOSES, type TccStatus } from '../../src/shared/tcc/enums';
import type { UserType } from '../../src/shared/userTypes';
import { withoutSecondaryIndexes } from './bulkLoad';

/**
 * The world of the TCC list benchmark (bench/tcc.bench.ts): taxpayers, the officers who generate
 * and decide, and certificates with their history, loaded by SQL generate_series with the
 * secondary indexes dropped and rebuilt (bulkLoad.ts).
 */
export type Volume = {
  tccs: number;
  /**
   * One taxpayer per five certificates, a multiple of five: certificate n goes to taxpayer
   * n mod T with kind (n div T + n) mod 5, so no taxpayer holds two of one kind and the
   * one-open-certificate-per-taxpayer-kind-and-purpose index (tccs_open_key) always holds.
   */
  taxpayers: number;
  /** The officers who generate certificates (ASSESSMENT_OFFICER: every kind). */
  generators: number;
  password: string;
};

/** Rows per INSERT … SELECT generate_series; two run at once. */
const CHUNK = 50_000;

export function volumeOf(tccs: number, generators: number, password: string): Volume {
  return { tccs, taxpayers: Math.ceil(tccs / 25) * 5, generators, password };
}

/** Loads everything; answers the officers and the seconds the certificates took. */
export async function seedTccWorld(db: Db, v: Volume) {
  const people = await seedOfficers(db, v);
  const started = performance.now();
  await seedTaxpayers(db, v);
  console.log(
    `  ${v.taxpayers.toLocaleString()} taxpayers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { people, seedSeconds: await seedTccs(db, v, people) };
}

/**
 * Status shares of the generated certificates: most printed long ago, and a heavy backlog at
 * each stage (a pending list of thousands), which is what the lists must stand.
 */
export const STATUS_SHARES: [TccStatus, number][] = [
  ['printed', 0.6],
  ['approved', 0.08],
  ['revoked', 0.01],
  ['awaiting_payment', 0.05],
  ['pending_director_assessment', 0.08],
  ['pending_director_collection', 0.05],
  ['pending_chairman', 0.04],
  ['rejected_director_assessment', 0.04],
  ['rejected_director_collection', 0.03],
  ['rejected_chairman', 0.02],
];

export type People = { generators: string[]; directors: Record<string, string> };

/** The three deciding officers, a printing officer and the generating officers. */
async function seedOfficers(db: Db, v: Volume): Promise<People> {
  const passwordHash = await hashPassword(v.password);
  const types: UserType[] = [
    'DIRECTOR_ASSESSMENT',
    'DIRECTOR_COLLECTION',
    'TCC_CHAIRMAN',
    'PRINTING_OFFICER',
    ...Array.from({ length: v.generators }, () => 'ASSESSMENT_OFFICER' as const),
  ];
  const rows = await db
    .insert(officers)
    .values(
      types.map((userType, i) => ({
        officerId: `OFF-${String(i + 1).padStart(6, '0')}`,
        username: `bench.${i + 1}`,
        email: `bench.${i + 1}@bench.revdesk.ng`,
        firstName: 'Bench',
        surname: `${userType.toLowerCase()} ${i + 1}`,
        phoneNumber: `+2348030${String(i + 1).padStart(6, '0')}`,
        userType,
        passwordHash,
      })),
    )
    .returning({ id: officers.id, userType: officers.userType });
  return {
    generators: rows.filter((r) => r.userType === 'ASSESSMENT_OFFICER').map((r) => r.id),
    directors: Object.fromEntries(
      rows.filter((r) => r.userType !== 'ASSESSMENT_OFFICER').map((r) => [r.userType, r.id]),
    ),
  };
}

async function seedTaxpayers(db: Db, v: Volume) {
  const places = await selectPlacesOfState(db, 6);
  // BTINs come from one sequence: the holders are the taxpayers loaded here, past any the
  // database held already (the demo's, in bench/workQueues.bench.ts), which may hold TCCs.
  const [before] = (
    (await db.execute(sql`select max(btin) as btin from taxpayers`)) as unknown as {
      rows: { btin: string | null }[];
    }
  ).rows;
  faker.seed(7);
  const now = new Date();
  await withoutSecondaryIndexes(db, 'taxpayers', async () => {
    for (let start = 0; start < v.taxpayers; start += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, v.taxpayers - start) }, (_, i) => ({
        row: fakeIndividual(faker, start + i + 1, places, now),
      }));
      await insertTaxpayersInBulk(db, batch);
    }
  });
  await db.execute(sql`
    create table bench_holders as
    select (row_number() over (order by btin) - 1)::int as i, btin, display_name as name, phone, address
    from taxpayers where ${before?.btin ?? null}::text is null or btin > ${before?.btin ?? null}`);
  await db.execute(sql`create unique index on bench_holders (i)`);
}

const arr = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

/**
 * Certificates n = from…to. created_at walks forward with n over three years to now; the
 * status is drawn by STATUS_SHARES; it entered that status up to ten days after it was
 * generated; issued ones carry their dates and a payload (tccs_issued_has_dates).
 */
function insertChunk(v: Volume, people: People, from: number, to: number) {
  const bounds: number[] = [];
  let sum = 0;
  for (const [, share] of STATUS_SHARES) {
    sum += share;
    bounds.push(sum);
  }
  const statusCase = sql.join(
    STATUS_SHARES.map(([status], i) =>
      i === STATUS_SHARES.length - 1
        ? sql`else ${status}`
        : sql`when r_status < ${bounds[i]} then ${status}`,
    ),
    sql` `,
  );
  return sql`
    with g as (
      select n, random() as r_status, random() as r_purpose, random() as r_wait,
        random() as r_jitter, random() as r_flag
      from generate_series(${from}::bigint, ${to}::bigint) n
    ), p as (
      select g.*,
        (n - 1) % ${v.taxpayers} as holder_i,
        (((n - 1) / ${v.taxpayers}) + (n - 1)) % 5 as kind_i,
        case ${statusCase} end as st,
        now() - interval '3 years'
          + (n - 0.5 + r_jitter) * (interval '3 years' / ${v.tccs}::int) as created
      from g
    ), q as (
      select p.*, least(now(), created + r_wait * interval '10 days') as changed from p
    )
    insert into tccs (number, kind, status, btin, holder, holder_name, purpose, source_of_income,
      years, flagged, fee_kobo, issued_at, expires_on, signed_payload, signing_key_id,
      print_count, last_printed_at, revoked_at, revoked_by, revoke_reason, status_changed_at,
      created_by, created_at, updated_at)
    select
      'BIRS/TCC/' || extract(year from created at time zone 'Africa/Lagos') || '/' || lpad(n::text, 7, '0'),
      (${arr([...TCC_KINDS], 'text[]')})[1 + kind_i]::tcc_kind,
      st::tcc_status,
      h.btin,
      jsonb_build_object('name', h.name, 'address', h.address, 'nationalId', null,
        'phone', h.phone, 'hasPhoto', false),
      lower(h.name),
      (${arr([...TCC_PURPOSES], 'text[]')})[1 + floor(r_purpose * ${TCC_PURPOSES.length})::int]::tcc_purpose,
      'Employment income',
      (select jsonb_agg(jsonb_build_object('year', y, 'incomeKobo', 480000000, 'taxKobo', 36000000,
          'paidKobo', 36000000, 'outstandingKobo', 0, 'receipts', '[]'::jsonb, 'flag', null,
          'justification', null, 'assessmentIds', '[]'::jsonb))
        from generate_series(2023, 2025) y),
      r_flag < 0.1,
      case when st = 'awaiting_payment' then 500000 else 0 end,
      case when st in ('approved', 'printed', 'revoked') then changed end,
      case when st in ('approved', 'printed', 'revoked') then (changed + interval '1 year')::date end,
      case when st in ('approved', 'printed', 'revoked') then 'bench.' || n end,
      case when st in ('approved', 'printed', 'revoked') then 'bench' end,
      case when st = 'printed' then 1 else 0 end,
      case when st = 'printed' then changed end,
      case when st = 'revoked' then changed end,
      case when st = 'revoked' then ${people.directors.TCC_CHAIRMAN}::uuid end,
      case when st = 'revoked' then 'Issued on a forged receipt (bench)' end,
      changed,
      (${arr(people.generators, 'uuid[]')})[1 + (n * 7919) % ${people.generators.length}],
      created,
      changed
    from q
    join bench_holders h on h.i = q.holder_i`;
}

/**
 * Each certificate's history as the chain would have written it: generated, then one approval
 * per stage it passed, or the rejection that stopped it (what the lists' `actions` read).
 */
function insertHistory(people: People) {
  const stages = [
    ['director_assessment', people.directors.DIRECTOR_ASSESSMENT, 1],
    ['director_collection', people.directors.DIRECTOR_COLLECTION, 2],
    ['chairman', people.directors.TCC_CHAIRMAN, 3],
  ] as const;
  // How far each status went: stages approved, and the stage that rejected it (if any).
  const passed = sql`case t.status
      when 'pending_director_collection' then 1 when 'rejected_director_collection' then 1
      when 'pending_chairman' then 2 when 'rejected_chairman' then 2
      when 'approved' then 3 when 'printed' then 3 when 'revoked' then 3 else 0 end`;
  return sql`
    insert into tcc_history (tcc_id, action, from_status, to_status, stage, actor_id, at)
    select t.id, 'generated'::tcc_history_action, null::tcc_status,
      'pending_director_assessment'::tcc_status, null::tcc_stage, t.created_by, t.created_at
    from tccs t
    union all
    ${sql.join(
      stages.map(
        ([stage, actor, order]) => sql`
    select t.id, 'approved'::tcc_history_action, ${`pending_${stage}`}::tcc_status,
      ${order === 3 ? 'approved' : `pending_${stages[order]?.[0]}`}::tcc_status,
      ${stage}::tcc_stage, ${actor}::uuid, t.created_at + ${order} * interval '1 day'
    from tccs t where ${passed} >= ${order}
    union all
    select t.id, 'rejected'::tcc_history_action, ${`pending_${stage}`}::tcc_status, ${`rejected_${stage}`}::tcc_status,
      ${stage}::tcc_stage, ${actor}::uuid, t.status_changed_at
    from tccs t where t.status = ${`rejected_${stage}`}::tcc_status`,
      ),
      sql` union all `,
    )}`;
}

async function seedTccs(db: Db, v: Volume, people: People) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  await withoutSecondaryIndexes(db, 'tccs', async () => {
    const queue: number[] = [];
    for (let from = 1; from <= v.tccs; from += CHUNK) queue.push(from);
    let done = 0;
    await Promise.all(
      [1, 2].map(async () => {
        for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
          const to = Math.min(from + CHUNK - 1, v.tccs);
          await db.transaction(async (tx) => {
            await tx.execute(sql`select setseed(${(from % 1_000_003) / 1_000_003})`);
            await tx.execute(insertChunk(v, people, from, to));
          });
          done += to - from + 1;
          console.log(`  ${done.toLocaleString()} certificates… (${seconds()} s)`);
        }
      }),
    );
    console.log(`  loaded in ${seconds()} s; building the indexes…`);
  });
  await withoutSecondaryIndexes(db, 'tcc_history', async () => {
    await db.execute(insertHistory(people));
  });
  await db.execute(sql`drop table bench_holders`);
  await db.execute(sql`vacuum (analyze) tccs, tcc_history`);
  console.log(`seeded ${v.tccs.toLocaleString()} certificates in ${seconds()} s`);
  return Number(seconds());
}
