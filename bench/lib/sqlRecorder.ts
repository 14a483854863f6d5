import { performance } from 'node:perf_hooks';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/** One statement as the app sent it to the driver, and when it ran (ms, this process's clock). */
export type RecordedStatement = {
  /** A named (prepared) statement's name: the bare server prepares it too (ADR 0017). */
  name?: string;
  text: string;
  values: unknown[];
  rowMode: 'array' | 'object';
  startedAt: number;
  endedAt: number;
};

/**
 * The statements of one request in the order they ran: each group's statements overlapped in
 * time (the app sent them at once, e.g. a page and its totals on two pool connections), and
 * the groups ran one after another. The ceiling harness replays exactly this.
 */
export type StatementGroups = Omit<RecordedStatement, 'startedAt' | 'endedAt'>[][];

type Recording = { statements: RecordedStatement[]; stop(): void };

/**
 * Catches every statement this process sends through `pg` (node-postgres) and PGlite until
 * `stop`: the benchmark runs the real app in-process with `inject`, so what is caught is what
 * RevDesk runs for a request, with its parameters, without a switch in RevDesk's own code.
 */
export function recordStatements(): Recording {
  const statements: RecordedStatement[] = [];
  const pgQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  const pgliteTransaction = PGlite.prototype.transaction;

  const begin = (text: string, values: unknown[] | undefined, rowMode: unknown, name?: string) => {
    const entry: RecordedStatement = {
      ...(name ? { name } : {}),
      text,
      values: normalise(values ?? []),
      rowMode: rowMode === 'array' ? 'array' : 'object',
      startedAt: performance.now(),
      endedAt: 0,
    };
    statements.push(entry);
    return entry;
  };
  const record = <T>(
    text: string,
    values: unknown[] | undefined,
    rowMode: unknown,
    run: () => Promise<T>,
    name?: string,
  ): Promise<T> => {
    const entry = begin(text, values, rowMode, name);
    return run().finally(() => {
      entry.endedAt = performance.now();
    });
  };

  // node-postgres: drizzle calls pool.query(config, values), which takes a connection and calls
  // client.query(config, values, callback); a lone client is called without the callback.
  pg.Client.prototype.query = function patched(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string'
        ? { text: first, values: undefined, rowMode: undefined }
        : (first as { name?: string; text?: string; values?: unknown[]; rowMode?: string } | null);
    const original = pgQuery as (...a: unknown[]) => unknown;
    if (!config?.text) return original.apply(this, args);
    const values = Array.isArray(second) ? second : config.values;
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt < 0) {
      return record(
        config.text,
        values,
        config.rowMode,
        () => original.apply(this, args) as Promise<unknown>,
        config.name,
      );
    }
    const callback = args[callbackAt] as (...r: unknown[]) => void;
    const entry = begin(config.text, values, config.rowMode, config.name);
    const wrapped = [...args];
    // Ended before the app's callback runs: its next statement must not look concurrent.
    wrapped[callbackAt] = (...r: unknown[]) => {
      entry.endedAt = performance.now();
      callback(...r);
    };
    const result = original.apply(this, wrapped);
    return result;
  } as typeof pg.Client.prototype.query;

  PGlite.prototype.query = function patched(
    this: PGlite,
    text: string,
    params?: unknown[],
    options?: { rowMode?: string },
  ) {
    return record(text, params, options?.rowMode, () =>
      pgliteQuery.call(this, text, params, options as never),
    );
  } as typeof PGlite.prototype.query;

  // A PGlite transaction runs its statements on a `tx` of its own, between a BEGIN and a
  // COMMIT PGlite sends itself: both are recorded so the replay holds the connection too.
  PGlite.prototype.transaction = function patched<T>(
    this: PGlite,
    callback: (tx: Transaction) => Promise<T>,
  ) {
    return pgliteTransaction.call(this, async (tx: Transaction) => {
      const marker = (text: string) => {
        const entry = begin(text, [], undefined);
        entry.endedAt = entry.startedAt;
      };
      marker('begin');
      const recorded: Transaction = Object.create(tx);
      recorded.query = ((text: string, params?: unknown[], options?: { rowMode?: string }) =>
        record(text, params, options?.rowMode, () =>
          tx.query(text, params, options as never),
        )) as Transaction['query'];
      const result = await callback(recorded);
      marker('commit');
      return result;
    }) as Promise<T>;
  } as typeof PGlite.prototype.transaction;

  return {
    statements,
    stop: () => {
      pg.Client.prototype.query = pgQuery;
      PGlite.prototype.query = pgliteQuery;
      PGlite.prototype.transaction = pgliteTransaction;
    },
  };
}

/** Values as JSON carries them to the bare server (drizzle has already made them driver values). */
function normalise(values: unknown[]): unknown[] {
  return values.map((v) => (v instanceof Date ? v.toISOString() : v));
}

/** Splits statements into groups of those that overlapped in time, in order. */
export function groupStatements(statements: readonly RecordedStatement[]): StatementGroups {
  const groups: StatementGroups = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  for (const s of [...statements].sort((a, b) => a.startedAt - b.startedAt)) {
    const bare = { name: s.name, text: s.text, values: s.values, rowMode: s.rowMode };
    const last = groups.at(-1);
    if (last && s.startedAt < groupEnd) {
      last.push(bare);
      groupEnd = Math.max(groupEnd, s.endedAt);
    } else {
      groups.push([bare]);
      groupEnd = s.endedAt;
    }
  }
  return groups;
}
