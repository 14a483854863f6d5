import type { Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { createPglite } from '../../src/server/db/client';
import { withSessionSettings } from '../../src/server/db/sessionSettings';
import type { StatementGroups } from './sqlRecorder';

type Statement = StatementGroups[number][number];

/** Something that runs one statement: the pool, or the connection a transaction holds. */
type Execute = (statement: Statement) => Promise<unknown[]>;

export type Runner = {
  run: Execute;
  /** Runs `work` on one connection inside BEGIN … COMMIT, as drizzle's `transaction` does. */
  transaction<T>(work: (run: Execute) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Dates, times and intervals as text, as drizzle asks node-postgres (its session.js). */
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const drizzleTypes = {
  getTypeParser: (typeId: number, format?: string) =>
    RAW_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, (format ?? 'text') as 'text'),
};

/** Connections set as RevDesk's are (db/sessionSettings.ts): its statements rely on them. */
function postgresRunner(url: string, poolSize: number): Runner {
  const pool = new pg.Pool({ ...withSessionSettings(url), max: poolSize });
  const on =
    (client: pg.Pool | pg.PoolClient): Execute =>
    async (s) => {
      const result = await client.query({
        ...(s.name ? { name: s.name } : {}),
        text: s.text,
        values: s.values,
        rowMode: s.rowMode === 'array' ? 'array' : undefined,
        types: drizzleTypes,
      } as pg.QueryConfig);
      return result.rows;
    };
  return {
    run: on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(on(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function pgliteRunner(dataDir: string): Promise<Runner> {
  const client = await createPglite({ dataDir });
  const raw = (value: string) => value;
  const parsers = Object.fromEntries([...RAW_TYPES].map((t) => [t, raw]));
  const on =
    (target: typeof client | Transaction): Execute =>
    async (s) => {
      const result = await target.query(s.text, s.values, { rowMode: s.rowMode, parsers });
      return result.rows;
    };
  return {
    run: on(client),
    // PGlite's own transaction holds its one connection for the block, as drizzle's does.
    transaction: (work) => client.transaction((tx) => work(on(tx))),
    close: () => client.close(),
  };
}

export type RunnerTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  | { kind: 'pglite'; dataDir: string };

/** Runs recorded statements as the app's driver would (drizzle's row mode and type parsers). */
export async function openRunner(target: RunnerTarget): Promise<Runner> {
  return target.kind === 'postgres'
    ? postgresRunner(target.url, target.poolSize)
    : pgliteRunner(target.dataDir);
}

const isBegin = (s: Statement) => /^\s*begin\b/i.test(s.text);
const isEnd = (s: Statement) => /^\s*(commit|rollback)\b/i.test(s.text);

/**
 * One request's statements: each group at once, the groups one after another; a BEGIN …
 * COMMIT run holds one connection throughout, as the app's transaction did.
 */
export async function runGroups(runner: Runner, groups: StatementGroups): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  const runAll = async (run: Execute, part: StatementGroups) => {
    for (const group of part) rows.push(...(await Promise.all(group.map((s) => run(s)))));
  };
  let i = 0;
  while (i < groups.length) {
    const group = groups[i] as StatementGroups[number];
    if (group.length === 1 && isBegin(group[0] as Statement)) {
      const end = groups.findIndex((g, j) => j > i && g.length === 1 && isEnd(g[0] as Statement));
      if (end < 0) throw new Error('a recorded transaction has no end');
      await runner.transaction((run) => runAll(run, groups.slice(i + 1, end)));
      i = end + 1;
    } else {
      await runAll(runner.run, [group]);
      i += 1;
    }
  }
  return rows;
}
