import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import { createPglite, type Database, openDatabase } from '../../db/client';
import { recordAudit } from './service';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('src/server/cli/audit-verify.ts');

/** Runs `npm run audit:verify` as an operator would, against PGlite under `dataDir`. */
async function auditVerify(dataDir: string): Promise<{ code: number; stdout: string }> {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const env = { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  try {
    const { stdout } = await run(TSX, [CLI], { env, timeout: 60_000 });
    return { code: 0, stdout };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

// The command opens DATA_DIR itself, so it needs a PGlite on disk: the PostgreSQL project
// proves the same walk through the API (chain.api.test.ts).
describe.runIf(inject('testDatabaseKind') === 'pglite')('npm run audit:verify', () => {
  let dataDir: string;
  let database: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-audit-verify-'));
    const dump = readFileSync(inject('pgliteTemplatePath'));
    const client = await createPglite({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([dump]),
    });
    database = await openDatabase({ kind: 'pglite', client });
    for (let i = 0; i < 5; i++) {
      await recordAudit(database.db, systemActor('cli'), {
        action: 'test.cli',
        entityType: 'test',
      });
    }
    // PGlite is one process's database: the command opens it only once this one lets go.
    await database.close();
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints "chain intact" with the rows and the head, and exits 0; then finds an altered row and exits 1', async () => {
    const intact = await auditVerify(dataDir);
    expect(intact.code, intact.stdout).toBe(0);
    expect(intact.stdout).toMatch(/^chain intact: \d+ rows, head [0-9a-f]{64}\n$/);

    const client = await createPglite({ dataDir: path.join(dataDir, 'pglite') });
    database = await openDatabase({ kind: 'pglite', client });
    const result = (await database.db.execute(
      sql`select max(id)::int as id from audit_events where action = 'test.cli'`,
    )) as unknown as { rows: { id: number }[] };
    const victim = result.rows[0]?.id;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx.execute(
        sql`update audit_events set actor_username = 'someone else' where id = ${victim}`,
      );
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
    await database.close();

    const broken = await auditVerify(dataDir);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe(
      `chain broken at audit row ${victim}: its content no longer matches its hash: the row was altered\n`,
    );
  });
});
