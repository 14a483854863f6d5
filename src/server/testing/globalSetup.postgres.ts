import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import './provided';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Migrates a template database once; each test file gets `CREATE DATABASE … WITH TEMPLATE` (docs/architecture.md §8). */
export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `revdesk_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(url, template),
    poolSize: 1,
  });
  await database.migrate();
  await database.close();
  project.provide('testDatabaseKind', 'postgres');
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template);
  return async () => {
    // Drop the template and any per-file copies left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
