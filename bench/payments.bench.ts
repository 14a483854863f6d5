/**
 * The payment history under load (docs/architecture.md §9: lists p99 < 50 ms at 10 M payments,
 * 50 connections, one 2-core machine). PostgreSQL only: a ledger of millions is not PGlite's.
 *
 *   npm run bench:payments                                   # 1,000,000 payments on the local server
 *   BENCH_PAYMENTS=10000000 npm run bench:payments           # 10 M (seeding takes minutes)
 *   DATABASE_URL=postgres://… BENCH_SECONDS=5 npm run bench:payments
 *
 * It makes a scratch database, loads the 25 demo MDAs with their revenue heads, 50,000
 * taxpayers and the payments (SQL generate_series, secondary indexes dropped and rebuilt),
 * signs in as an ADMIN and as an OFFICER_MDA holding one MDA, and drives GET /api/v1/payments
 * with autocannon at 50 connections. Then it runs the queries of each case as the service runs
 * them, directly, one at a time (the floor): for a payer name, the dictionary look-up of its
 * words, the count capped at 1,000 and the page (window by window newest first when capped);
 * for MDA, status and dates, the monthly and daily rollups; otherwise the counted totals. The
 * slow ones are EXPLAIN ANALYZEd. Results go to
 * bench/results/payments-<date>-postgres.json; the scratch database is dropped.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fakerEN_NG as faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Actor } from '../src/server/auth/actor';
import { mdaScopeOf, whereInActorMdas } from '../src/server/auth/mdaScope';
import { hashPassword } from '../src/server/auth/passwords';
import type { Db } from '../src/server/db/client';
import {
  mdaRevenueHeads,
  mdas,
  officerMdaPrivileges,
  officers,
  payments,
} from '../src/server/db/schema';
import { DEMO_MDAS } from '../src/server/db/seed/mdas';
import { selectPlacesOfState } from '../src/server/db/seed/queries';
import { fakeIndividual, insertTaxpayersInBulk } from '../src/server/db/seed/taxpayers';
import {
  isRollupFilter,
  PAYER_NAMES,
  type PaymentFilter,
  selectPayments,
  selectPaymentsNewestFirstByWindow,
  selectPaymentTotals,
  selectPaymentTotalsUpTo,
} from '../src/server/modules/payments/history/queries';
import {
  NAME_SEARCH_COUNT_AHEAD,
  paymentReferenceOf,
} from '../src/server/modules/payments/history/service';
import { selectPaymentTotalsFromRollup } from '../src/server/modules/payments/history/totals/rollupTotals';
import { findSimilarWords, wordsOf } from '../src/server/search/nameWords';
import { PaymentListQuery } from '../src/shared/payments';
import { PAYMENT_TYPES } from '../src/shared/payments/enums';
import { withoutSecondaryIndexes } from './lib/bulkLoad';
import { type Drive, driverOn, explainStatement, timeQuery } from './lib/measure';
import { openPgScratch, PG_SERVER_URL } from './lib/scratch';
import { benchPort, signIn, startServer, stopServer } from './lib/server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const TAXPAYERS = Number(process.env.BENCH_TAXPAYERS ?? 50_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** The floor stops after this many seconds of one query, once FLOOR_MIN_RUNS are in. */
const FLOOR_S = Number(process.env.BENCH_FLOOR_SECONDS ?? 5);
/** The floor runs each query at least this often, however slow. */
const FLOOR_MIN_RUNS = Number(process.env.BENCH_FLOOR_MIN_RUNS ?? 20);
/** autocannon gives up on a request after this long (its default is 10 s). */
const TIMEOUT_S = 30;
const CONNECTIONS = 50;
const PORT = benchPort(3192);
const PASSWORD = 'bench-password-1';
const SAMPLE = 300;
/** Payments per INSERT … SELECT generate_series; two run at once. */
const CHUNK = 500_000;
/** Payer names without a BTIN: first and last names of faker en_NG. */
const NAMES = 20_000;
/** The OFFICER_MDA's one MDA: the third by volume (about 9 % of the ledger). */
const OFFICER_MDA_CODE = DEMO_MDAS[2]?.code as string;
/** The mdaCode filter's MDA: the largest (BIRS, about a quarter of the ledger). */
const FILTER_MDA_CODE = DEMO_MDAS[0]?.code as string;

/** The demo MDAs and their revenue heads, straight into the tables (no Remita keys needed). */
async function seedMdas(db: Db) {
  const ids: string[] = [];
  for (const demo of DEMO_MDAS) {
    const [mda] = await db
      .insert(mdas)
      .values({
        code: demo.code,
        name: demo.name,
        shortName: demo.shortName ?? null,
        category: demo.category,
      })
      .returning({ id: mdas.id });
    const id = mda?.id as string;
    ids.push(id);
    await db.insert(mdaRevenueHeads).values(
      demo.heads.map(([code, headName, naira]) => ({
        mdaId: id,
        code,
        name: headName,
        defaultAmountKobo: naira === undefined ? null : naira * 100,
      })),
    );
  }
  return ids;
}

async function seedOfficers(db: Db, officerMdaId: string) {
  const passwordHash = await hashPassword(PASSWORD);
  const [, officer] = await db
    .insert(officers)
    .values(
      (['ADMIN', 'OFFICER_MDA'] as const).map((userType, i) => ({
        officerId: `OFF-00000${i + 1}`,
        username: `bench.${userType.toLowerCase()}`,
        email: `bench.${userType.toLowerCase()}@bench.revdesk.ng`,
        firstName: 'Bench',
        surname: userType === 'ADMIN' ? 'Admin' : 'Officer',
        phoneNumber: `+23480300000${i + 1}`,
        userType,
        passwordHash,
      })),
    )
    .returning({ id: officers.id });
  await db
    .insert(officerMdaPrivileges)
    .values({ officerId: officer?.id as string, mdaId: officerMdaId });
}

async function seedTaxpayers(db: Db) {
  const places = await selectPlacesOfState(db, 6);
  faker.seed(7);
  const now = new Date();
  await withoutSecondaryIndexes(db, 'taxpayers', async () => {
    for (let start = 0; start < TAXPAYERS; start += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, TAXPAYERS - start) }, (_, i) => ({
        row: fakeIndividual(faker, start + i + 1, places, now),
      }));
      await insertTaxpayersInBulk(db, batch);
    }
  });
}

/**
 * What one generate_series insert draws from. Small lists are array parameters: MDAs weighted
 * 1/(rank+1) (BIRS a quarter, the smallest LGA 1 %) through 1,000 slots, and each MDA's
 * revenue heads padded to the same number by repeating them. Names are tables joined by
 * number (a subscript into a long text[] walks the array, every row): payer names from faker
 * en_NG, and the taxpayers' BTINs with their names.
 */
async function lookups(db: Db, mdaIds: string[]) {
  const weights = mdaIds.map((_, k) => 1 / (k + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const slots: number[] = [];
  weights.forEach((w, k) => {
    for (let s = 0; s < Math.round((w / sum) * 1000); s++) slots.push(k);
  });
  const width = Math.max(...DEMO_MDAS.map((m) => m.heads.length));
  const headCodes: string[] = [];
  const headAmounts: number[] = [];
  for (const demo of DEMO_MDAS) {
    for (let j = 0; j < width; j++) {
      const [code, , naira] = demo.heads[j % demo.heads.length] as (typeof demo.heads)[number];
      headCodes.push(code);
      headAmounts.push(naira === undefined ? 0 : naira * 100);
    }
  }
  faker.seed(11);
  const names = Array.from(
    { length: NAMES },
    () => `${faker.person.firstName()} ${faker.person.lastName()}`,
  );
  await db.execute(sql`
    create table bench_payer_names as
    select i::int, name from unnest(${sql.param(names)}::text[]) with ordinality as t(name, i)`);
  await db.execute(sql`
    create table bench_payers as
    select (row_number() over (order by btin))::int as i, btin, display_name as name from taxpayers`);
  await db.execute(sql`analyze bench_payer_names, bench_payers`);
  return { mdaIds, slots, width, headCodes, headAmounts };
}

/**
 * Payments n = from…to. created_at walks forward with n over three years to now, as a ledger
 * fills (so the table's order follows it); 85 % paid, 8 % pending, 4 % failed, 3 % reversed;
 * three in ten from a registered taxpayer. Every random draw is a column of the inner select,
 * so each row gets its own.
 */
function insertChunk(l: Awaited<ReturnType<typeof lookups>>, from: number, to: number) {
  const arr = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;
  return sql`
    with g as (
      select n, random() as r_mda, random() as r_head, random() as r_amount, random() as r_btin,
        random() as r_who, random() as r_name, random() as r_channel, random() as r_status,
        random() as r_type, random() as r_paid, random() as r_jitter
      from generate_series(${from}::bigint, ${to}::bigint) n
    ), p as (
      select g.*,
        (${arr(l.slots, 'int[]')})[1 + floor(r_mda * ${l.slots.length})::int] as k,
        case when r_btin < 0.3 then 1 + floor(r_who * ${TAXPAYERS})::int end as who,
        1 + floor(r_name * ${NAMES})::int as name_i,
        case when r_status < 0.85 then 'paid' when r_status < 0.93 then 'pending'
             when r_status < 0.97 then 'failed' else 'reversed' end as st,
        now() - interval '3 years'
          + (n - 0.5 + r_jitter) * (interval '3 years' / ${PAYMENTS}::int) as created
      from g
    )
    insert into payments (receipt_number, rrr, amount_kobo, mda_id, revenue_head_code, btin,
      payer_name, payer_phone, payer_email, channel, status, type, description, order_id,
      source_reference, arrival, paid_at, status_reason, status_changed_at, created_at, updated_at)
    select
      case when st in ('paid', 'reversed') then
        'BIRS/' || extract(year from (created - interval '1 minute' * r_paid * 30) at time zone 'Africa/Lagos')
          || '/' || lpad(n::text, 8, '0') end,
      '2' || lpad(((n * 739391173) % 100000000000)::text, 11, '0'),
      coalesce(nullif((${arr(l.headAmounts, 'bigint[]')})[1 + k * ${l.width} + floor(r_head * ${l.width})::int], 0),
        (1 + floor(power(r_amount, 3) * 2000)::bigint) * 50000),
      (${arr(l.mdaIds, 'uuid[]')})[1 + k],
      (${arr(l.headCodes, 'text[]')})[1 + k * ${l.width} + floor(r_head * ${l.width})::int],
      t.btin,
      coalesce(t.name, nm.name),
      '+23480' || lpad((n % 100000000)::text, 8, '0'),
      case when r_name < 0.3 then 'payer' || n || '@mail.example.ng' end,
      (case when r_channel < 0.7 then 'remita' when r_channel < 0.8 then 'card'
            when r_channel < 0.9 then 'pos' when r_channel < 0.97 then 'bank' else 'manual' end)::payment_channel,
      st::payment_status,
      (${arr([...PAYMENT_TYPES], 'text[]')})[1 + floor(r_type * ${PAYMENT_TYPES.length})::int]::payment_type,
      'Bench payment',
      'RD' || lpad(n::text, 10, '0'),
      case when st in ('paid', 'reversed') then 'RT' || lpad(n::text, 12, '0') end,
      (case when st = 'pending' then 'invoice' when r_channel < 0.7 then 'notification'
            else 'manual' end)::payment_arrival,
      case when st in ('paid', 'reversed') then created - interval '1 minute' * r_paid * 30 end,
      case when st = 'reversed' then 'Paid twice; refunded (bench)' end,
      case when st = 'reversed' then created + interval '2 days' end,
      created,
      created
    from p
    join bench_payer_names nm on nm.i = p.name_i
    left join bench_payers t on t.i = p.who`;
}

async function seedPayments(db: Db, mdaIds: string[]) {
  const l = await lookups(db, mdaIds);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  await withoutSecondaryIndexes(db, 'payments', async () => {
    const queue: number[] = [];
    for (let from = 1; from <= PAYMENTS; from += CHUNK) queue.push(from);
    let done = 0;
    // Two loaders, a connection each: generating rows is CPU, and there are two cores.
    await Promise.all(
      [1, 2].map(async () => {
        for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
          const to = Math.min(from + CHUNK - 1, PAYMENTS);
          await db.transaction(async (tx) => {
            await tx.execute(sql`select setseed(${(from % 1_000_003) / 1_000_003})`);
            await tx.execute(insertChunk(l, from, to));
          });
          done += to - from + 1;
          console.log(`  ${done.toLocaleString()} payments… (${seconds()} s)`);
        }
      }),
    );
    console.log(`  loaded in ${seconds()} s; building the indexes…`);
  });
  await db.execute(sql`drop table bench_payer_names, bench_payers`);
  const loaded = performance.now();
  // What autovacuum does to a settled ledger: statistics and the visibility map.
  await db.execute(sql`vacuum (analyze) payments`);
  console.log(
    `seeded ${PAYMENTS.toLocaleString()} payments in ${seconds()} s (indexes and vacuum included; vacuum ${((performance.now() - loaded) / 1000).toFixed(0)} s)`,
  );
  return Number(seconds());
}

type Sample = { rrrs: string[]; btins: string[]; surnames: string[]; swappedSurnames: string[] };

/** "Okonkwo" → "Oknokwo": the third and fourth letters swapped, as a hurried officer types it. */
function swapThirdAndFourth(surname: string): string {
  const letters = Array.from(surname);
  [letters[2], letters[3]] = [letters[3] as string, letters[2] as string];
  return letters.join('');
}

/** Payments' RRRs, BTINs and payer surnames, of one MDA or of all. */
async function sampleOf(db: Db, mdaId: string | null): Promise<Sample> {
  const scope = mdaId ? sql`and mda_id = ${mdaId}` : sql``;
  // A random sample through TABLESAMPLE: order by random() over 10 M rows takes a while.
  const rows = (await db.execute(
    sql`select rrr, btin, payer_name from payments tablesample system (1) where true ${scope} limit ${SAMPLE * 5}`,
  )) as unknown as { rows: { rrr: string; btin: string | null; payer_name: string }[] };
  const pick = <T>(values: T[]) => faker.helpers.shuffle(values).slice(0, SAMPLE);
  return {
    rrrs: pick(rows.rows.map((r) => r.rrr)),
    btins: pick(rows.rows.flatMap((r) => (r.btin ? [r.btin] : []))),
    surnames: pick(rows.rows.map((r) => r.payer_name.split(' ').at(-1) as string)),
    swappedSurnames: pick(
      rows.rows
        .map((r) => r.payer_name.split(' ').at(-1) as string)
        .filter((surname) => surname.length >= 5 && surname[2] !== surname[3])
        .map(swapThirdAndFourth),
    ),
  };
}

/** A month of the ledger: the last full calendar month in Lagos. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { startDate: first.toISOString().slice(0, 10), endDate: last.toISOString().slice(0, 10) };
}

type Case = { name: string; queries: Partial<PaymentListQuery>[] };

function casesOf(sample: Sample, mdaCode: string): Case[] {
  const month = lastMonth();
  return [
    // `-date` (newest payment first, payments_shown_at_idx) is the list's default; `-createdAt`,
    // the default before it, beside it for comparison.
    { name: 'first page (-date, the default)', queries: [{}] },
    { name: 'first page, sort=-createdAt', queries: [{ sort: '-createdAt' }] },
    { name: 'status=paid, sort=-paidAt', queries: [{ status: 'paid', sort: '-paidAt' }] },
    {
      name: 'paymentReference=<RRR>',
      queries: sample.rrrs.map((paymentReference) => ({ paymentReference })),
    },
    { name: 'btin=<BTIN>', queries: sample.btins.map((btin) => ({ btin })) },
    {
      name: 'customerName=<surname>',
      queries: sample.surnames.map((customerName) => ({ customerName })),
    },
    {
      name: 'customerName=<surname, two letters swapped>',
      queries: sample.swappedSurnames.map((customerName) => ({ customerName })),
    },
    { name: `mdaCode=${mdaCode} + a month`, queries: [{ mdaCode, ...month }] },
  ];
}

const pathOf = (query: Partial<PaymentListQuery>) => {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const text = params.toString();
  return `/api/v1/payments${text ? `?${text}` : ''}`;
};

type Row = Drive;

const load = driverOn({
  port: PORT,
  connections: CONNECTIONS,
  seconds: DURATION_S,
  timeoutSeconds: TIMEOUT_S,
});

/**
 * The query as the route parses it, and the service's filter of it (service.ts filterOf). The
 * service looks `mdaCode` up on every request (migration 0009's change); the floor looks it
 * up once, beforehand (`mdaIds`), and times the page and the totals alone.
 */
function parsed(query: Partial<PaymentListQuery>, mdaIds: Map<string, string>) {
  const q = PaymentListQuery.parse(query);
  const { page: _p, pageSize: _s, sort: _o, format: _f, paymentReference, ...rest } = q;
  const filter: PaymentFilter = {
    ...rest,
    paymentReference: paymentReferenceOf(paymentReference),
    ...(rest.mdaCode ? { mdaIdOfCode: mdaIds.get(rest.mdaCode.toUpperCase()) ?? null } : {}),
  };
  return { q, filter };
}

/** The service's cap on a name search's count (service.ts findPayments). */
const countLimitOf = (q: Pick<PaymentListQuery, 'page' | 'pageSize'>) =>
  (q.page - 1) * q.pageSize + Math.max(q.pageSize, NAME_SEARCH_COUNT_AHEAD);

type Floor = {
  name: string;
  part: 'words' | 'page' | 'totals';
  runs: number;
  p50: number;
  p99: number;
  max: number;
};

async function time(
  name: string,
  part: Floor['part'],
  inputs: unknown[],
  run: (input: unknown) => Promise<unknown>,
) {
  const stats = await timeQuery(inputs, run, {
    seconds: FLOOR_S,
    minRuns: FLOOR_MIN_RUNS,
    maxRuns: 200,
  });
  return { name, part, ...stats } satisfies Floor;
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL, { keep: !!process.env.BENCH_KEEP });
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  let server: ChildProcess | undefined;
  try {
    const { db } = scratch.database;
    console.log(`generating ${PAYMENTS.toLocaleString()} payments on PostgreSQL…`);
    await scratch.database.migrate();
    const mdaIds = await seedMdas(db);
    const officerMdaId = mdaIds[DEMO_MDAS.findIndex((m) => m.code === OFFICER_MDA_CODE)] as string;
    await seedOfficers(db, officerMdaId);
    const taxpayersStarted = performance.now();
    await seedTaxpayers(db);
    console.log(
      `  ${TAXPAYERS.toLocaleString()} taxpayers in ${((performance.now() - taxpayersStarted) / 1000).toFixed(0)} s`,
    );
    const seedSeconds = await seedPayments(db, mdaIds);
    const counts = (await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where mda_id = ${officerMdaId})::int as officer_mda,
        count(*) filter (where mda_id = ${mdaIds[0] as string})::int as filter_mda,
        count(*) filter (where status = 'paid')::int as paid,
        count(*) filter (where btin is not null)::int as with_btin,
        pg_size_pretty(pg_total_relation_size('payments')) as size
      from payments`)) as unknown as { rows: Record<string, number | string>[] };
    console.log('ledger:', counts.rows[0]);

    faker.seed(3);
    const actors = [
      {
        who: 'ADMIN',
        username: 'bench.admin',
        actor: { userType: 'ADMIN', mdaPrivileges: [] as string[] },
        cases: casesOf(await sampleOf(db, null), FILTER_MDA_CODE),
      },
      {
        who: `OFFICER_MDA (${OFFICER_MDA_CODE} only)`,
        username: 'bench.officer_mda',
        actor: { userType: 'OFFICER_MDA', mdaPrivileges: [officerMdaId] },
        cases: casesOf(await sampleOf(db, officerMdaId), OFFICER_MDA_CODE),
      },
    ] as const;

    const meta = () => ({
      date: new Date().toISOString(),
      database: 'postgres',
      payments: PAYMENTS,
      taxpayers: TAXPAYERS,
      seedSeconds,
      ledger: counts.rows[0],
      officerMda: OFFICER_MDA_CODE,
      filterMda: FILTER_MDA_CODE,
      month: lastMonth(),
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      cpus: os.cpus().length,
      node: process.version,
    });
    const mdaIdsByCode = new Map(DEMO_MDAS.map((m, i) => [m.code, mdaIds[i] as string]));
    console.log('the floor: the page and the totals queries, one at a time…');
    const floors: (Floor & { who: string })[] = [];
    const plans: { who: string; name: string; part: string; p50: number; plan: string }[] = [];
    for (const { who, actor, cases } of actors) {
      const scope = whereInActorMdas(
        actor as Pick<Actor, 'userType' | 'mdaPrivileges'>,
        payments.mdaId,
      );
      for (const c of cases) {
        // The service's filter of each query, with a name's dictionary words found and whether
        // its count was capped, worked out once beforehand: the floor times each part alone.
        const prepared = new Map<
          Partial<PaymentListQuery>,
          { q: PaymentListQuery; filter: PaymentFilter; isCapped: boolean }
        >();
        for (const input of c.queries) {
          const { q, filter } = parsed(input, mdaIdsByCode);
          if (filter.customerName) {
            filter.payerNameWordsOfName = await db.transaction((tx) =>
              findSimilarWords(tx, PAYER_NAMES, wordsOf(filter.customerName as string)),
            );
          }
          const isCapped = filter.customerName
            ? (await selectPaymentTotalsUpTo(db, filter, scope, countLimitOf(q))).isCapped
            : false;
          prepared.set(input, { q, filter, isCapped });
        }
        const of = (q: Partial<PaymentListQuery>) =>
          prepared.get(q) as NonNullable<ReturnType<typeof prepared.get>>;
        // A name's words in the dictionary (trigram and swapped-letter look-ups), per request.
        const words = (on: Db, q: Partial<PaymentListQuery>) =>
          on.transaction((tx) =>
            findSimilarWords(tx, PAYER_NAMES, wordsOf(of(q).filter.customerName as string)),
          );
        const page = (on: Db, q: Partial<PaymentListQuery>) => {
          const { q: query, filter, isCapped } = of(q);
          const window = {
            sort: query.sort,
            limit: query.pageSize,
            offset: (query.page - 1) * query.pageSize,
          };
          return isCapped && (query.sort === '-date' || query.sort === '-createdAt')
            ? selectPaymentsNewestFirstByWindow(on, filter, scope, { ...window, sort: query.sort })
            : selectPayments(on, filter, scope, window);
        };
        // As the service does: a name counted up to its cap, a broad filter from the rollups,
        // a narrow one counted.
        const totals = (on: Db, q: Partial<PaymentListQuery>) => {
          const { q: query, filter } = of(q);
          if (filter.customerName)
            return selectPaymentTotalsUpTo(on, filter, scope, countLimitOf(query));
          return isRollupFilter(filter)
            ? selectPaymentTotalsFromRollup(on, filter, mdaScopeOf(actor))
            : selectPaymentTotals(on, filter, scope);
        };
        const isNameCase = c.queries.some((q) => q.customerName);
        for (const [part, run] of [
          ...(isNameCase ? ([['words', words]] as const) : []),
          ['page', page],
          ['totals', totals],
        ] as const) {
          const f = await time(c.name, part, c.queries, (q) =>
            run(db, q as Partial<PaymentListQuery>),
          );
          floors.push({ who, ...f });
          console.log(
            `  ${who} ${c.name} ${part}: p50 ${f.p50} ms, p99 ${f.p99} ms (${f.runs} runs)`,
          );
          // Where the time goes, for every query over 10 ms.
          if (f.p50 > 10) {
            const q = c.queries[0] as Partial<PaymentListQuery>;
            plans.push({
              who,
              name: c.name,
              part,
              p50: f.p50,
              plan: await explainStatement(pool, (on) => run(on, q), 'analyze, buffers, settings'),
            });
          }
        }
      }
    }

    const file = `bench/results/payments-${new Date().toISOString().slice(0, 10)}-postgres${PAYMENTS === 1_000_000 ? '' : `-${PAYMENTS / 1_000_000}m`}.json`;
    const write = (http: unknown[]) =>
      writeFileSync(
        file,
        `${JSON.stringify({ meta: meta(), http, floor: floors, plans }, null, 2)}\n`,
      );
    // The floor and its plans are kept even if the HTTP part fails.
    write([]);
    const starting = performance.now();
    server = await startServer(
      PORT,
      { DATABASE_URL: scratch.url, DATA_DIR: path.join(os.tmpdir(), 'revdesk-bench') },
      120_000,
    );
    console.log(`server ready in ${((performance.now() - starting) / 1000).toFixed(1)} s`);
    console.log(`HTTP, ${CONNECTIONS} connections, ${DURATION_S} s each…`);
    // Warm-up, not recorded: tsx has just compiled the server, and its pool is empty.
    await load(
      'warm-up',
      [pathOf({ paymentReference: '200000000000' })],
      await signIn(PORT, 'bench.admin', PASSWORD),
      3,
    );
    const http: (Row & { who: string })[] = [];
    for (const { who, username, cases } of actors) {
      const headers = await signIn(PORT, username, PASSWORD);
      for (const c of cases) {
        http.push({ who, ...(await load(`${who} ${c.name}`, c.queries.map(pathOf), headers)) });
      }
    }

    write(http);
    console.log(`\nHTTP, ${CONNECTIONS} connections (ms):`);
    console.table(http.map(({ who: _w, ...r }) => r));
    console.log('The same queries directly, one at a time (ms):');
    console.table(floors);
    const slowest = [...plans].sort((a, b) => b.p50 - a.p50).slice(0, 3);
    for (const p of slowest)
      console.log(`\n--- ${p.who} ${p.name} (${p.part}), p50 ${p.p50} ms\n${p.plan}`);
    console.log(`written to ${file}`);
  } finally {
    await stopServer(server);
    await pool.end();
    await scratch.drop().catch(() => {});
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
