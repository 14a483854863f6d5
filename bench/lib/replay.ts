import pg from 'pg';
import { createPglite } from '../../src/server/db/client';
import type { StatementGroups } from './sqlRecorder';

type Statement = StatementGroups[number][number];
export type Runner = { run(statement: Statement): Promise<unknown[]>; close(): Promise<void> };

/** Dates, times and intervals as text, as drizzle asks node-postgres (its session.js). */
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const drizzleTypes = {
  getTypeParser: (typeId: number, format?: string) =>
    RAW_TYPES.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, (format ?? 'text') as 'text'),
};

function postgresRunner(url: string, poolSize: number): Runner {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return {
    run: async (s) => {
      const result = await pool.query({
        text: s.text,
        values: s.values,
        rowMode: s.rowMode === 'array' ? 'array' : undefined,
        types: drizzleTypes,
      } as pg.QueryConfig);
      return result.rows;
    },
    close: () => pool.end(),
  };
}

async function pgliteRunner(dataDir: string): Promise<Runner> {
  const client = await createPglite({ dataDir });
  const raw = (value: string) => value;
  const parsers = Object.fromEntries([...RAW_TYPES].map((t) => [t, raw]));
  return {
    run: async (s) => {
      const result = await client.query(s.text, s.values, {
        rowMode: s.rowMode,
        parsers,
      });
      return result.rows;
    },
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

/** One request's statements: each group at once, the groups one after another. */
export async function runGroups(runner: Runner, groups: StatementGroups): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const group of groups) rows.push(...(await Promise.all(group.map((s) => runner.run(s)))));
  return rows;
}
