import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, type Database, openDatabase } from '../db/client';
import './provided';

let copies = 0;

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or on
 * PostgreSQL a new database made WITH TEMPLATE. Closing it drops the copy.
 */
export async function openTestDatabase(): Promise<Database> {
  if (inject('testDatabaseKind') === 'pglite') {
    const dump = readFileSync(inject('pgliteTemplatePath'));
    const client = await createPglite({ loadDataDir: new Blob([dump]) });
    return openDatabase({ kind: 'pglite', client });
  }
  const url = inject('postgresUrl');
  const template = inject('postgresTemplate');
  copies += 1;
  const name = `${template}_${process.pid}_${copies}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} with template ${template}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
