import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database';
import type { Database } from './client';
import { isUniqueViolation } from './errors';

/** On the errors the drivers really throw: PGlite's, and pg's on PostgreSQL, as Drizzle wraps them. */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table unique_probe (a int constraint unique_probe_a_key unique, b int)`,
  );
  await database.db.execute(sql`create unique index unique_probe_b_key on unique_probe (b)`);
  await database.db.execute(sql`insert into unique_probe values (1, 1)`);
});
afterAll(() => database?.close());

const failureOf = (statement: ReturnType<typeof sql>) =>
  database.db.execute(statement).then(
    () => expect.unreachable('the statement should have failed'),
    (err: unknown) => err,
  );

describe('isUniqueViolation', () => {
  it('finds the violation through the cause Drizzle wraps it in, by constraint or by index', async () => {
    const byConstraint = await failureOf(sql`insert into unique_probe values (1, 2)`);
    expect(isUniqueViolation(byConstraint)).toBe(true);
    expect(isUniqueViolation(byConstraint, 'unique_probe_a_key')).toBe(true);
    expect(isUniqueViolation(byConstraint, 'unique_probe_b_key')).toBe(false);
    const byIndex = await failureOf(sql`insert into unique_probe values (2, 1)`);
    expect(isUniqueViolation(byIndex, 'unique_probe_b_key')).toBe(true);
    expect(isUniqueViolation(byIndex, 'unique_probe_a_key')).toBe(false);
  });

  it('is false for any other failure', async () => {
    const notANumber = await failureOf(sql`insert into unique_probe values (${'x'}, 3)`);
    expect(isUniqueViolation(notANumber)).toBe(false);
    expect(isUniqueViolation(new Error('23505 in the text only'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
