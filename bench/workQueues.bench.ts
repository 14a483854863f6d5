/**
 * The work queue's counts at scale (docs/work-queues.md "Cost"). PostgreSQL only.
 *
 *   npm run bench:work-queues
 *   BENCH_NOTICES=20000 BENCH_TCCS=20000 … npm run bench:work-queues     # smaller
 *
 * A scratch database with the demo data (officers of every user type, MDAs, taxpayers, POS
 * terminals, bank accounts), then the tables the queues count grown by INSERT … SELECT
 * generate_series: demand notices with their bills (BENCH_NOTICES), paid Remita payments of
 * which 2 % have no taxpayer yet (BENCH_PAYMENTS), POS transactions of which 0.5 % are held
 * (BENCH_POS), statement credits of which 1 % are unmatched and 0.2 % ambiguous (BENCH_LINES),
 * and certificates at every stage (BENCH_TCCS, lib/tccSeed.ts); then ANALYZE. Each user type
 * signs in and asks GET /api/v1/dashboards/me through the real app in this process while
 * lib/sqlRecorder.ts catches its statements; each distinct statement (text and parameters) is
 * then run under EXPLAIN (ANALYZE, BUFFERS). Printed per statement: the table it counts, the
 * scans of the plan (Seq Scan or which index), the buffers and the execution time.
 * Results: bench/results/work-queues-<date>-postgres.json.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import type { Db } from '../src/server/db/client';
import { demoUsername } from '../src/server/db/seed/demo';
import { USER_TYPES } from '../src/shared/userTypes';
import { withoutSecondaryIndexes } from './lib/bulkLoad';
import { loadAverage } from './lib/measure';
import { openPgScratch, PG_SERVER_URL, seedDemoScratch } from './lib/scratch';
import { type RecordedStatement, recordStatements } from './lib/sqlRecorder';
import { seedTccWorld, volumeOf } from './lib/tccSeed';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 200_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200_000);
const POS = Number(process.env.BENCH_POS ?? 300_000);
const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const TCCS = Number(process.env.BENCH_TCCS ?? 100_000);
const ASSESSMENTS = Number(process.env.BENCH_ASSESSMENTS ?? 200_000);
const OBJECTIONS = Number(process.env.BENCH_OBJECTIONS ?? 100_000);
const STAMPS = Number(process.env.BENCH_STAMPS ?? 200_000);
/** Rows per INSERT … SELECT: one statement per chunk keeps each transaction's memory small. */
const CHUNK = 50_000;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function inChunks(total: number, run: (from: number, to: number) => Promise<unknown>) {
  for (let from = 1; from <= total; from += CHUNK)
    await run(from, Math.min(total, from + CHUNK - 1));
}

/** Demand notices (six in ten issued, many overdue by their dates) and one bill each. */
async function seedNotices(db: Db) {
  const mdaRows = await rowsOf<{ id: string; head: string }>(
    db,
    sql`select m.id, min(h.code) as head from mdas m
      join mda_revenue_heads h on h.mda_id = m.id and h.is_active
      where m.is_active group by m.id order by m.id`,
  );
  const payers = await rowsOf<{ btin: string; display_name: string }>(
    db,
    sql`select btin, display_name from taxpayers order by btin limit 2000`,
  );
  const mdaIds = JSON.stringify(mdaRows.map((m) => m.id));
  const heads = JSON.stringify(mdaRows.map((m) => m.head));
  const btins = JSON.stringify(payers.map((p) => p.btin));
  const names = JSON.stringify(payers.map((p) => p.display_name));
  const m = mdaRows.length;
  const t = payers.length;
  await withoutSecondaryIndexes(db, 'demand_notices', () =>
    inChunks(NOTICES, (from, to) =>
      db.execute(sql`
        insert into demand_notices (number, mda_id, btin, payer_name, status, total_kobo,
          paid_kobo, issued_on, due_on, revenue_head_code, cancel_reason, cancelled_at)
        select 'BENCH/DN/' || lpad(g::text, 7, '0'), (${mdaIds}::jsonb ->> (g % ${m}))::uuid,
          ${btins}::jsonb ->> ((g * 7) % ${t}), ${names}::jsonb ->> ((g * 7) % ${t}),
          (case g % 10 when 6 then 'part_paid' when 7 then 'paid' when 8 then 'paid'
            when 9 then 'cancelled' else 'issued' end)::demand_notice_status,
          total, case g % 10 when 6 then total / 2 when 7 then total when 8 then total else 0 end,
          issued, issued + 30, ${heads}::jsonb ->> (g % ${m}),
          case when g % 10 = 9 then 'Raised in error (bench)' end,
          case when g % 10 = 9 then now() end
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select (100000 + (g::bigint * 7919) % 5000000 * 100)::bigint as total,
            (current_date - (g % 730))::date as issued) v`),
    ),
  );
  await withoutSecondaryIndexes(db, 'payments', async () => {
    await inChunks(NOTICES, (from, to) =>
      db.execute(sql`
        insert into payments (rrr, receipt_number, amount_kobo, mda_id, revenue_head_code, btin,
          payer_name, channel, status, arrival, paid_at, type, subject_kind, subject_id,
          description, order_id, rrr_requested_at)
        select lpad((900000000000 + n.seq)::text, 12, '0'),
          case when n.status in ('paid', 'part_paid') then 'BENCH/DN/' || n.seq end,
          n.total_kobo, n.mda_id, n.revenue_head_code, n.btin, n.payer_name, 'remita',
          (case n.status when 'cancelled' then 'cancelled'
            when 'issued' then 'pending' else 'paid' end)::payment_status,
          'invoice', case when n.status in ('paid', 'part_paid') then n.issued_on + 5 end,
          'demand-notice', 'demand_notice', n.id, 'Demand notice ' || n.number,
          'RDBENCH' || n.seq, n.created_at
        from (select d.*, substring(d.number from 10)::int as seq from demand_notices d
          where d.number like 'BENCH/DN/%') n
        where n.seq between ${from} and ${to}`),
    );
    // Paid Remita payments of no notice; one in fifty has no taxpayer yet (auto-reg's queue).
    await inChunks(PAYMENTS, (from, to) =>
      db.execute(sql`
        insert into payments (rrr, receipt_number, amount_kobo, mda_id, revenue_head_code, btin,
          payer_name, channel, status, arrival, paid_at, type, description, order_id)
        select lpad((800000000000 + g)::text, 12, '0'), 'BENCH/P/' || g,
          (100 + g % 5000) * 100, (${mdaIds}::jsonb ->> (g % ${m}))::uuid,
          ${heads}::jsonb ->> (g % ${m}),
          case when g % 50 = 0 then null else ${btins}::jsonb ->> ((g * 7) % ${t}) end,
          'Bench Payer ' || g, 'remita', 'paid', 'notification',
          now() - make_interval(secs => (g::bigint * 104729) % (730 * 86400)), 'other',
          'Bench payment', 'RDBENCHP' || g
        from generate_series(${from}::int, ${to}::int) g`),
    );
  });
}

/**
 * POS transactions over the demo terminals, the last 180 days; one in two hundred held. A
 * recorded one would need its payment in the ledger: the check is set aside for the load (the
 * held count reads `state`, never the payment) and put back NOT VALID.
 */
async function seedPos(db: Db) {
  await db.execute(
    sql`alter table pos_transactions drop constraint pos_transactions_recorded_has_payment`,
  );
  await db.execute(
    sql`alter table pos_transactions disable trigger pos_transactions_daily_totals_trg`,
  );
  try {
    await withoutSecondaryIndexes(db, 'pos_transactions', () =>
      inChunks(POS, (from, to) =>
        db.execute(sql`
          insert into pos_transactions (provider, terminal_id, stan, rrn, amount_kobo,
            transacted_at, status, state, arrival, revenue_head_code, payer_name, agent_id, mda_id)
          select t.provider, t.terminal_id, lpad(g::text, 6, '0'), 'B' || lpad(g::text, 11, '0'),
            (100 + (g::bigint * 7919) % 4900) * 100,
            now() - make_interval(secs => (g::bigint * 104729) % (180 * 86400)), 'approved',
            (case when g % 200 = 0 then 'held' else 'recorded' end)::pos_transaction_state,
            'push', t.revenue_head_code, 'Bench Payer', t.agent_id, t.mda_id
          from generate_series(${from}::int, ${to}::int) g
          join (select *, row_number() over (order by terminal_id) - 1 as k from pos_terminals) t
            on t.k = g % (select count(*) from pos_terminals)
          on conflict do nothing`),
      ),
    );
  } finally {
    await db.execute(
      sql`alter table pos_transactions enable trigger pos_transactions_daily_totals_trg`,
    );
    await db.execute(sql`alter table pos_transactions add constraint pos_transactions_recorded_has_payment
      check (state not in ('recorded', 'reversed') or payment_id is not null) not valid`);
  }
}

/**
 * Statement credits over the demo accounts, the last two years: 1 % unmatched, 0.2 %
 * ambiguous, 0.3 % not revenue, the rest matched each to a bench payment of its own.
 */
async function seedLines(db: Db) {
  await withoutSecondaryIndexes(db, 'bank_statement_lines', () =>
    inChunks(LINES, (from, to) =>
      db.execute(sql`
        insert into bank_statement_lines (account_id, bank_reference, value_date, direction,
          amount_kobo, narration, state, payment_id, rule, candidate_payment_ids)
        select a.id, 'BENCH' || lpad(g::text, 9, '0'), current_date - (g % 730), 'credit',
          (100 + g % 5000) * 100, 'BENCH TRF ' || g,
          (case when g % 100 = 0 then 'unmatched' when g % 500 = 1 then 'ambiguous'
            when g % 1000 = 2 or g % 1000 = 3 or g % 1000 = 4 then 'not-revenue'
            else 'matched' end)::statement_line_state,
          case when g % 100 <> 0 and g % 500 <> 1 and g % 1000 not in (2, 3, 4) then p.id end,
          case when g % 100 <> 0 and g % 500 <> 1 and g % 1000 not in (2, 3, 4)
            then 'amount-and-date' end,
          case when g % 500 = 1 then array[p.id] end
        from generate_series(${from}::int, ${to}::int) g
        join (select id, row_number() over (order by id) - 1 as k from bank_accounts) a
          on a.k = g % (select count(*) from bank_accounts)
        join (select id, row_number() over (order by id) as n from payments
          where receipt_number like 'BENCH/P/%') p on p.n = g`),
    ),
  );
}

/**
 * Grows a demo table to about `target` rows by copying its rows `g` times (generate_series), so
 * its mix of kinds, MDAs and officers is the demo's. `overrides` gives a column's expression
 * over `src` and `g` (a unique number, a status that would break a unique index), or DEFAULT to
 * leave it to its default (a fresh id, a public code).
 */
async function multiply(db: Db, table: string, target: number, overrides: Record<string, string>) {
  const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  if (n === 0 || n >= target) return;
  const columns = (
    await rowsOf<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
    )
  )
    .map((c) => c.name)
    .filter((c) => c !== 'id' && overrides[c] !== 'DEFAULT');
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => overrides[c] ?? `src."${c}"`).join(', ');
  const times = Math.ceil(target / n) - 1;
  await withoutSecondaryIndexes(db, table, async () => {
    await db.execute(
      sql.raw(`insert into "${table}" (${list}) select ${values}
        from (select * from "${table}") src, generate_series(1, ${times}) g`),
    );
  });
}

/**
 * Assessments (drafts stay drafts, of the officer who made them; a standing one's copy is
 * cancelled, since one stands per taxpayer, year and kind), objections (a copy of an open one
 * is refused: one is open per assessment) and stamp duty instruments, from the demo's.
 */
async function seedSmallTables(db: Db) {
  await multiply(db, 'assessments', ASSESSMENTS, {
    notice_number: `case when src.notice_number is null then null else src.notice_number || '-B' || g end`,
    public_code: 'DEFAULT',
    status: `(case when src.status::text in ('issued', 'part_paid', 'paid', 'objected') then 'cancelled' else src.status::text end)::assessment_status`,
  });
  await multiply(db, 'objections', OBJECTIONS, {
    status: `(case when src.status::text = 'open' then 'refused' else src.status::text end)::objection_status`,
  });
  await multiply(db, 'stamp_instruments', STAMPS, {
    certificate_number: `case when src.certificate_number is null then null else src.certificate_number || '-B' || g end`,
    public_code: 'DEFAULT',
  });
}

type Explained = {
  whoFirst: string;
  statement: string;
  values: unknown[];
  scans: string[];
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  plan: string;
};

/** The scans of a text plan: "Seq Scan on x", "Index Only Scan using y on x", … */
function scansOf(plan: string): string[] {
  return [
    ...new Set(
      [
        ...plan.matchAll(
          /((?:Parallel )?(?:Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using \S+)? on \S+|Bitmap Index Scan on \S+)/g,
        ),
      ].map((m) => m[1] as string),
    ),
  ];
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-work-queues-'));
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  try {
    const { db } = scratch.database;
    const uptimeAtStart = execSync('uptime').toString().trim();
    const config = await seedDemoScratch(scratch, dataDir);
    const started = performance.now();
    console.log('loading notices and payments…');
    await seedNotices(db);
    console.log('loading POS transactions…');
    await seedPos(db);
    console.log('loading statement lines…');
    await seedLines(db);
    console.log('loading certificates…');
    // lib/tccSeed.ts numbers its officers OFF-000001…, as the demo does: the demo's step aside
    // (they sign in by username, which does not change).
    await db.execute(sql`update officers set officer_id = 'DEMO-' || officer_id`);
    // Its taxpayers' NINs are numbered as the demo's are (9000000…): the demo's move to 8….
    await db.execute(sql`update taxpayers set nin = '8' || substr(nin, 2) where nin like '9%'`);
    await seedTccWorld(db, volumeOf(TCCS, 10, config.demoPassword));
    console.log('growing assessments, objections and stamp duty instruments…');
    await seedSmallTables(db);
    await db.execute(sql`analyze`);
    const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(0));
    const tables = await rowsOf<Record<string, number>>(
      db,
      sql`select
        (select count(*) from payments)::int as payments,
        (select count(*) from payments where btin is null and status = 'paid' and rrr is not null)::int as "payments awaiting a taxpayer",
        (select count(*) from demand_notices)::int as demand_notices,
        (select count(*) from pos_transactions)::int as pos_transactions,
        (select count(*) from pos_transactions where state = 'held')::int as "pos held",
        (select count(*) from bank_statement_lines)::int as bank_statement_lines,
        (select count(*) from bank_statement_lines where state in ('unmatched', 'ambiguous'))::int as "credits waiting",
        (select count(*) from tccs)::int as tccs,
        (select count(*) from assessments)::int as assessments,
        (select count(*) from objections)::int as objections,
        (select count(*) from stamp_instruments)::int as stamp_instruments`,
    );
    console.log(`loaded in ${seedSeconds} s:`, tables[0]);

    const app = await buildApp({ config, database: scratch.database, runJobs: false });
    const seen = new Map<string, { who: string; s: RecordedStatement }>();
    const queuesByType: Record<string, { key: string; count: number }[]> = {};
    try {
      for (const who of USER_TYPES) {
        const login = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: demoUsername(who), password: config.demoPassword },
        });
        if (login.statusCode !== 200) {
          console.log(`  ${who}: no demo sign-in (${login.statusCode})`);
          continue;
        }
        const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
        await app.inject({ url: '/api/v1/dashboards/me', headers });
        const recording = recordStatements();
        let body: string;
        try {
          body = (await app.inject({ url: '/api/v1/dashboards/me', headers })).body;
        } finally {
          recording.stop();
        }
        const queues = (JSON.parse(body) as { queues: { key: string; count: number }[] }).queues;
        queuesByType[who] = queues.map((q) => ({ key: q.key, count: q.count }));
        for (const s of recording.statements) {
          // The session's own statements (the gate) are not the queues'.
          if (/"sessions"|"officers"|officer_mda/.test(s.text)) continue;
          const key = `${s.text}\u0000${JSON.stringify(s.values)}`;
          if (!seen.has(key)) seen.set(key, { who, s });
        }
      }
    } finally {
      await app.close();
    }

    const explainAll = async () => {
      const explained: Explained[] = [];
      for (const { who, s } of seen.values()) {
        const result = await pool.query(`explain (analyze, buffers) ${s.text}`, s.values);
        const plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
        const number = (re: RegExp) => Number(plan.match(re)?.[1] ?? 0);
        const top = plan.split('\n').find((l) => l.includes('Buffers:')) ?? '';
        explained.push({
          whoFirst: who,
          statement: s.text,
          values: s.values,
          scans: scansOf(plan),
          executionMs: number(/Execution Time: ([\d.]+)/),
          planningMs: number(/Planning Time: ([\d.]+)/),
          sharedHit: Number(top.match(/shared hit=(\d+)/)?.[1] ?? 0),
          sharedRead: Number(top.match(/read=(\d+)/)?.[1] ?? 0),
          plan,
        });
      }
      explained.sort((a, b) => b.executionMs - a.executionMs);
      for (const e of explained) {
        console.log(
          `\n${e.executionMs.toFixed(2)} ms (${e.whoFirst}) buffers hit=${e.sharedHit} read=${e.sharedRead}\n  ${e.statement.slice(0, 300)}\n  scans: ${e.scans.join('; ')}`,
        );
      }
      return explained;
    };
    // Just loaded: no page of the new rows is in the visibility map yet, so a count reads the
    // heap; then as autovacuum leaves a table that has settled (VACUUM), each run twice and the
    // second kept (the pages it reads in memory).
    console.log('\n# just loaded, ANALYZEd');
    const explained = await explainAll();
    await db.execute(sql`vacuum (analyze)`);
    await explainAll();
    console.log('\n# after VACUUM, the second run');
    const afterVacuum = await explainAll();
    const result = {
      date: new Date().toISOString(),
      server: (await rowsOf<{ v: string }>(db, sql`select version() as v`))[0]?.v,
      uptimeAtStart,
      uptimeAtEnd: execSync('uptime').toString().trim(),
      loadAverage: loadAverage(),
      cpus: os.cpus().length,
      volumes: { NOTICES, PAYMENTS, POS, LINES, TCCS, ASSESSMENTS, OBJECTIONS, STAMPS },
      tables: tables[0],
      seedSeconds,
      queuesByType,
      statements: explained,
      afterVacuum,
    };
    const file = path.join(
      'bench/results',
      `work-queues-${new Date().toISOString().slice(0, 10)}-postgres.json`,
    );
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwritten: ${file}`);
  } finally {
    await pool.end();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
