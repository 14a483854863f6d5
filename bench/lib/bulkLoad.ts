import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/** A secondary index as the migrations made it: its name and its `create index` statement. */
export type IndexDefinition = { name: string; definition: string };

/**
 * Drops a table's secondary indexes and answers their definitions (pg_indexes, read before the
 * drop, so they are exactly what the migrations made: no list to keep in step by hand). The
 * primary key stays, and so does any index a constraint owns (unique constraints) or a foreign
 * key refers to (payments.btin → taxpayers_btin_key): foreign keys need them.
 */
export async function dropSecondaryIndexes(db: Db, table: string): Promise<IndexDefinition[]> {
  const result = (await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      -- A unique index a foreign key points at (payments.btin → taxpayers_btin_key) stays too.
      and not exists (select 1 from pg_constraint f
        where f.contype = 'f' and f.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    order by i.indexname`)) as { rows: IndexDefinition[] };
  for (const index of result.rows) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  return result.rows;
}

/**
 * Builds indexes from their definitions (dropSecondaryIndexes'). Two builders, each a
 * transaction and so a connection of its own: GIN and GiST builds use one core each, and the
 * machine has two. (PGlite runs them one after the other.)
 */
export async function buildIndexes(db: Db, definitions: readonly IndexDefinition[]): Promise<void> {
  const queue = [...definitions];
  await Promise.all(
    [1, 2].map(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        for (let index = queue.shift(); index; index = queue.shift()) {
          await tx.execute(sql.raw(index.definition));
        }
      }),
    ),
  );
}

/**
 * Loads a table without its secondary indexes and builds them afterwards from their own
 * definitions, as the migrations made them. Building a trigram index over a million names at
 * once takes seconds; keeping it up to date row by row while loading took most of the ten
 * minutes the first 1 M seeding needed. Unique indexes are rebuilt too, so a duplicate would
 * still fail the load, only at the end.
 */
export async function withoutSecondaryIndexes(
  db: Db,
  table: string,
  load: () => Promise<void>,
): Promise<void> {
  const dropped = await dropSecondaryIndexes(db, table);
  await load();
  await buildIndexes(db, dropped);
}
