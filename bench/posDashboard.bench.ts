/**
 * The Benjis dashboard and the POS transaction list at a realistic size (docs/architecture.md §9:
 * dashboards p99 < 100 ms from rollups, lists and searches p99 < 50 ms). PostgreSQL only.
 *
 *   npm run bench:pos                                  # 1,000,000 transactions on the local server
 *   BENCH_POS=200000 npm run bench:pos
 *
 * It makes a scratch database, loads 25 MDAs, 300 agents and terminals and the transactions
 * over the last 90 days (SQL generate_series; the daily totals built as the migration's
 * backfill does, the trigger off while loading), then times, one statement set at a time (the
 * floor), the dashboard's service for each period, the same month read from pos_transactions
 * instead of pos_daily_totals, the list's keyword (RRN, STAN, terminal, payer name, agent
 * name) and a month's page with its totals; and what the trigger adds to inserting 20,000
 * transactions. The rows stand for recorded transactions without their payments (the check
 * that a recorded one has a payment is dropped in the scratch database: neither read joins
 * payments). Results go to bench/results/pos-<date>-postgres.json; the database is dropped.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { systemActor } from '../src/server/auth/actor';
import { createPosDashboardService } from '../src/server/modules/pos/dashboard/service';
import { createPosTransactionService } from '../src/server/modules/pos/transactions/service';
import { addDays, todayInLagos } from '../src/shared/dates';
import { PosTransactionListQuery } from '../src/shared/pos/transactionList';
import { explainStatement, timeQuery } from './lib/measure';
import { openPgScratch, PG_SERVER_URL } from './lib/scratch';

const TRANSACTIONS = Number(process.env.BENCH_POS ?? 1_000_000);
const TERMINALS = 300;
const DAYS = 90;
const LIMITS = { seconds: 4, minRuns: 20, maxRuns: 200 };

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL);
  const { db } = scratch.database;
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    transactions: TRANSACTIONS,
    terminals: TERMINALS,
    days: DAYS,
    // The machine is shared: its load beside the figures (1, 5, 15 minutes).
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(1))),
  };
  try {
    await scratch.database.migrate();
    await db.execute(
      sql`alter table pos_transactions drop constraint pos_transactions_recorded_has_payment`,
    );
    await db.execute(sql`
      insert into mdas (code, name) select 'B' || g, 'Bench Ministry ' || g from generate_series(1, 25) g`);
    await db.execute(sql`
      insert into pos_agents (name, phone, mda_id)
      select 'Agent ' || (array['Ebiere','Tarila','Preye','Timi','Ayibatonye','Owei','Diri','Ere'])[1 + g % 8]
             || ' ' || (array['Alagoa','Koko','Amakiri','Ogbolu','Kalabari','Brass','Sagbama','Ekeremor'])[1 + (g / 8) % 8] || ' ' || g,
             '+23480300' || lpad(g::text, 5, '0'),
             (select id from mdas order by code offset (g % 25) limit 1)
        from generate_series(1, ${TERMINALS}) g`);
    await db.execute(sql`
      insert into pos_terminals (provider, terminal_id, serial_number, agent_id, mda_id, revenue_head_code)
      select 'benjis', '2B' || lpad(n::text, 6, '0'), 'SN' || n, a.id, a.mda_id, '1202040' || (n % 5)
        from (select id, mda_id, row_number() over (order by name) as n from pos_agents) a`);
    const loadStarted = performance.now();
    await db.execute(
      sql`alter table pos_transactions disable trigger pos_transactions_daily_totals_trg`,
    );
    // Each row: a terminal, a time in the last DAYS days, ~2 % declined; STAN unique per
    // terminal and day because it is the row's number within its terminal.
    await db.execute(sql`
      insert into pos_transactions (provider, terminal_id, stan, rrn, amount_kobo, transacted_at, status, state, arrival,
                                    revenue_head_code, payer_name, payer_phone, agent_id, mda_id)
      select 'benjis', t.terminal_id, lpad(((g / ${TERMINALS}) % 1000000)::text, 6, '0'), lpad(g::text, 12, '0'),
             (100 + (g * 7919) % 4900) * 100,
             now() - make_interval(secs => ((g * 104729) % (${DAYS} * 86400))),
             case when g % 50 = 0 then 'declined' else 'approved' end::pos_transaction_status,
             case when g % 50 = 0 then 'declined' else 'recorded' end::pos_transaction_state,
             'push', t.revenue_head_code,
             (array['Ebiere','Tarila','Preye','Timi','Ayibatonye','Owei','Diri','Ere','Ebi','Seimiye'])[1 + g % 10]
               || ' ' || (array['Alagoa','Koko','Amakiri','Ogbolu','Kalabari','Brass','Sagbama','Ekeremor','Odi','Ayama'])[1 + (g / 10) % 10],
             '+2348' || lpad((g % 1000000000)::text, 9, '0'),
             t.agent_id, t.mda_id
        from generate_series(1::bigint, ${TRANSACTIONS}) g
        join (select terminal_id, agent_id, mda_id, revenue_head_code, row_number() over (order by terminal_id) - 1 as k
                from pos_terminals) t on t.k = g % ${TERMINALS}
      on conflict do nothing`);
    await db.execute(sql`
      insert into pos_daily_totals (day, terminal_id, agent_id, mda_id, revenue_head_code, state, transactions, amount_kobo)
      select transaction_day, terminal_id, agent_id, mda_id, revenue_head_code, state, count(*)::int, sum(amount_kobo)::bigint
        from pos_transactions group by 1, 2, 3, 4, 5, 6`);
    await db.execute(
      sql`alter table pos_transactions enable trigger pos_transactions_daily_totals_trg`,
    );
    await db.execute(sql`analyze`);
    const counted = (await db.execute(sql`select
        (select count(*)::int from pos_transactions) as transactions,
        (select count(*)::int from pos_daily_totals) as daily_rows`)) as unknown as {
      rows: { transactions: number; daily_rows: number }[];
    };
    results.loaded = {
      ...counted.rows[0],
      seconds: Math.round((performance.now() - loadStarted) / 1000),
    };
    console.log('loaded', results.loaded);

    const actor = { ...systemActor('system'), userType: 'ADMIN' as const };
    const dashboard = createPosDashboardService({ db });
    const list = createPosTransactionService({ db });
    const floor: Record<string, unknown> = {};
    for (const period of ['today', 'week', 'month'] as const) {
      floor[`dashboard ${period}`] = await timeQuery(
        [period],
        (p) => dashboard.getDashboard(actor, { period: p as typeof period }),
        LIMITS,
      );
    }
    // The month's breakdown by agent read from the transactions themselves, for comparison.
    const monthStart = `${todayInLagos().slice(0, 8)}01`;
    floor['by agent, month, from pos_transactions (no rollup)'] = await timeQuery(
      [monthStart],
      (from) =>
        db.execute(sql`select agent_id, sum(amount_kobo), count(*) from pos_transactions
                      where state = 'recorded' and transaction_day >= ${from} group by agent_id`),
      LIMITS,
    );
    const sample = (await db.execute(sql`
      select rrn, stan, terminal_id from pos_transactions order by rrn offset ${Math.floor(TRANSACTIONS / 3)} limit 1`)) as unknown as {
      rows: { rrn: string; stan: string; terminal_id: string }[];
    };
    const one = sample.rows[0];
    if (!one) throw new Error('no sample');
    const query = (q: Record<string, string>) => PosTransactionListQuery.parse(q);
    const cases: Record<string, Record<string, string>> = {
      'keyword RRN': { keyword: one.rrn },
      'keyword STAN': { keyword: one.stan },
      'keyword terminal': { keyword: one.terminal_id },
      'keyword payer name (two words)': { keyword: 'Tarila Koko' },
      'keyword agent name': { keyword: 'Agent Preye Amakiri' },
      'month page + totals': { from: monthStart, to: todayInLagos() },
      'terminal, last 7 days': { terminalId: one.terminal_id, from: addDays(todayInLagos(), -6) },
    };
    for (const [name, q] of Object.entries(cases)) {
      floor[`list ${name}`] = await timeQuery(
        [q],
        (input) => list.findTransactions(actor, query(input as Record<string, string>)),
        LIMITS,
      );
    }
    // The same name counted, summed and sorted to the end, as before the cap (ADR 0019): in
    // the same run, so the two compare on whatever else the machine is doing.
    const uncapped = createPosTransactionService({ db, keywordCountAhead: 10_000_000 });
    floor['list keyword payer name, counted to the end (no cap)'] = await timeQuery(
      [{ keyword: 'Tarila Koko' }],
      (input) => uncapped.findTransactions(actor, query(input as Record<string, string>)),
      LIMITS,
    );
    floor['list keyword payer name, page 3'] = await timeQuery(
      [{ keyword: 'Tarila Koko', page: '3' }],
      (input) => list.findTransactions(actor, query(input as Record<string, string>)),
      LIMITS,
    );
    results.loadAverageAfterReads = loadavg().map((l) => Number(l.toFixed(1)));
    results.floor = floor;
    console.table(floor);

    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    try {
      results.explainKeywordStan = await explainStatement(pool, (spy) =>
        createPosTransactionService({ db: spy }).findTransactions(
          actor,
          query({ keyword: one.stan }),
        ),
      ).catch((e: unknown) => String(e));
      results.explainKeywordPayerName = await explainStatement(pool, (spy) =>
        createPosTransactionService({ db: spy }).findTransactions(
          actor,
          query({ keyword: 'Tarila Koko' }),
        ),
      ).catch((e: unknown) => String(e));
    } finally {
      await pool.end();
    }

    // What the trigger adds to recording: 20,000 transactions inserted with and without it.
    const insertOf = (offset: number) => sql`
      insert into pos_transactions (provider, terminal_id, stan, rrn, amount_kobo, transacted_at, status, state, arrival, agent_id, mda_id)
      select 'benjis', 'BENCHX' || (g % 50), lpad(g::text, 6, '0'), 'X' || (g + ${offset}), 10000,
             now() - make_interval(days => ${offset / 20_000}), 'approved', 'recorded', 'push', null, null
        from generate_series(1, 20000) g`;
    await db.execute(
      sql`alter table pos_transactions disable trigger pos_transactions_daily_totals_trg`,
    );
    let started = performance.now();
    await db.execute(insertOf(100_000));
    const without = performance.now() - started;
    await db.execute(
      sql`alter table pos_transactions enable trigger pos_transactions_daily_totals_trg`,
    );
    started = performance.now();
    await db.execute(insertOf(120_000));
    const withTrigger = performance.now() - started;
    results.insert20000 = {
      withoutTriggerMs: Math.round(without),
      withTriggerMs: Math.round(withTrigger),
    };
    console.log('insert 20,000', results.insert20000);
  } finally {
    await scratch.drop();
  }
  const file = path.join(
    'bench',
    'results',
    `pos-${new Date().toISOString().slice(0, 10)}-postgres.json`,
  );
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log('written', file);
}

await main();
