import { type SQL, sql } from 'drizzle-orm';
import { verifyAuditChain } from '../../modules/audit/chain';
import type { Db } from '../client';

/**
 * What a backup promises to bring back, taken from the database when it is made and compared
 * after a restore: every table's row count, the migrations applied, and the audit chain
 * (intact, with the same head).
 */
export type Inventory = {
  migrations: number;
  tables: Record<string, number>;
  audit: { intact: boolean; rows: number; headHash: string | null };
};

/** Rows of a raw statement: both drivers answer `{ rows }` (the Db type leaves it unknown). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export async function takeInventory(db: Db): Promise<Inventory> {
  const tableRows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { table_name } of tableRows) {
    const counted = await rowsOf<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier(table_name)}`,
    );
    tables[table_name] = Number(counted[0]?.n ?? 0);
  }
  const migrated = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  const audit = await verifyAuditChain(db);
  return {
    migrations: Number(migrated[0]?.n ?? 0),
    tables,
    audit: { intact: audit.intact, rows: audit.checked, headHash: audit.headHash },
  };
}

/** Each way the restored database differs from the inventory taken at backup, in words. */
export function inventoryDifferences(expected: Inventory, actual: Inventory): string[] {
  const problems: string[] = [];
  if (expected.migrations !== actual.migrations) {
    problems.push(`migrations: ${expected.migrations} in the backup, ${actual.migrations} now`);
  }
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const want = expected.tables[name];
    const got = actual.tables[name];
    if (want !== got) {
      problems.push(
        `table ${name}: ${want ?? 'absent'} rows in the backup, ${got ?? 'absent'} now`,
      );
    }
  }
  if (!actual.audit.intact) problems.push('the audit chain is broken');
  if (expected.audit.headHash !== actual.audit.headHash) {
    problems.push(
      `audit chain head: ${expected.audit.headHash ?? '(empty)'} in the backup, ${actual.audit.headHash ?? '(empty)'} now`,
    );
  }
  return problems;
}
