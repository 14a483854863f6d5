import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestContext, type TestContext } from '../../testing/context';
import { BAYELSA, createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { keptReferenceVersions, referenceNamesAt } from '../reference/cache';
import { findTaxpayerByBtin } from './record';

/**
 * The taxpayer view names what the record refers to from memory, at the version of the
 * reference data its own statement saw (ADR 0018): always what the database holds, whoever
 * changed it and however.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

/** A town of the test's own in Yenagoa LGA (ids are lga * 1000 + n; 999 is past Yenagoa's). */
const TEST_TOWN_ID = 608_999;
/** A profession of the test's own (the curated ones are 1..138, drizzle/README.md). */
const TEST_PROFESSION_ID = 9_001;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  await ctx.db.execute(
    sql`insert into towns (id, lga_id, name) values (${TEST_TOWN_ID}, ${BAYELSA.yenagoaLgaId}, 'RevDesk Test Town')`,
  );
});
afterAll(() => ctx.close());

async function viewOf(btin: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/taxpayers/${btin}`,
    headers: admin.bearer,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function renameTestTown(db: Db, name: string) {
  await db.execute(sql`update towns set name = ${name} where id = ${TEST_TOWN_ID}`);
}

/** The nine scalar sub-selects the view used before ADR 0018, as the oracle. */
async function namesBySubSelects(btin: string) {
  const [row] = await rows<Record<string, string | null>>(
    ctx.db,
    sql`select
      (select name from states where id = t.state_id) as "stateName",
      (select name from lgas where id = t.lga_id) as "lgaName",
      (select name from towns where id = t.town_id) as "townName",
      (select name from occupations where id = t.occupation_id) as "occupationName",
      (select name from professions where id = t.profession_id) as "professionName",
      (select s.code from professions p join profession_subcategories s on s.id = p.subcategory_id
        where p.id = t.profession_id) as "professionSubcategoryCode",
      (select c.code from professions p join profession_subcategories s on s.id = p.subcategory_id
        join profession_categories c on c.id = s.category_id
        where p.id = t.profession_id) as "professionCategoryCode",
      (select username from officers where id = t.created_by) as "createdByUsername",
      (select username from officers where id = t.updated_by) as "updatedByUsername"
    from taxpayers t where t.btin = ${btin}`,
  );
  return row;
}

describe('reference names in the taxpayer view', () => {
  it('are the names the sub-selects gave, with every reference set and with none', async () => {
    const full = await createTaxpayer(ctx, {
      townId: TEST_TOWN_ID,
      occupationId: 3,
      professionId: 5,
    });
    // Updated by an officer, so both usernames are there to name.
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/taxpayers/${full.btin}`,
      headers: admin.bearer,
      payload: { version: full.version, address: '3 Imgbi Road, Amarata' },
    });
    expect(patched.statusCode).toBe(200);
    const bare = await createTaxpayer(ctx, { townId: null });

    for (const btin of [full.btin, bare.btin]) {
      const record = await findTaxpayerByBtin(ctx.db, btin);
      const { taxpayer: _row, directors: _directors, ...names } = record ?? {};
      expect(names).toEqual(await namesBySubSelects(btin));
    }
    const view = await viewOf(full.btin);
    expect(view).toMatchObject({
      stateName: 'Bayelsa',
      lgaName: 'Yenagoa',
      townName: 'RevDesk Test Town',
      updatedByUsername: admin.officer.username,
    });
    expect(view.occupationName).toBeTruthy();
    expect(view.professionName).toBeTruthy();
    expect(view.professionPath).toEqual({
      categoryCode: expect.any(String),
      subcategoryCode: expect.any(String),
    });
    expect(await viewOf(bare.btin)).toMatchObject({
      townName: null,
      occupationName: null,
      professionName: null,
      professionPath: null,
      createdByUsername: null,
    });
  });

  it('follow a town renamed in SQL (a migration, another instance) on the next read', async () => {
    const taxpayer = await createTaxpayer(ctx, { townId: TEST_TOWN_ID });
    await renameTestTown(ctx.db, 'RevDesk Town Renamed');
    expect((await viewOf(taxpayer.btin)).townName).toBe('RevDesk Town Renamed');
    await renameTestTown(ctx.db, 'RevDesk Town Renamed Again');
    expect((await viewOf(taxpayer.btin)).townName).toBe('RevDesk Town Renamed Again');
  });

  it('name a profession added after the names were loaded, once a taxpayer is given it', async () => {
    const taxpayer = await createTaxpayer(ctx);
    await viewOf(taxpayer.btin);
    await ctx.db.execute(sql`insert into professions (id, code, subcategory_id, name)
      select ${TEST_PROFESSION_ID}, 'TST-PROF-01', s.id, 'Test Profession (RevDesk)'
      from profession_subcategories s order by s.id limit 1`);
    const [subcategory] = await rows<{ sub: string; cat: string }>(
      ctx.db,
      sql`select s.code as sub, c.code as cat from profession_subcategories s
        join profession_categories c on c.id = s.category_id order by s.id limit 1`,
    );
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/taxpayers/${taxpayer.btin}`,
      headers: admin.bearer,
      payload: { version: taxpayer.version, professionId: TEST_PROFESSION_ID },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      professionName: 'Test Profession (RevDesk)',
      professionPath: { subcategoryCode: subcategory?.sub, categoryCode: subcategory?.cat },
    });
    expect((await viewOf(taxpayer.btin)).professionName).toBe('Test Profession (RevDesk)');
  });

  it('see a transaction its own change, and forget it when the transaction is rolled back', async () => {
    const taxpayer = await createTaxpayer(ctx, { townId: TEST_TOWN_ID });
    await renameTestTown(ctx.db, 'RevDesk Town Committed');
    expect((await viewOf(taxpayer.btin)).townName).toBe('RevDesk Town Committed');
    const rollback = new Error('rolled back on purpose');
    await expect(
      ctx.db.transaction(async (tx) => {
        await renameTestTown(tx, 'RevDesk Town Never Committed');
        expect((await findTaxpayerByBtin(tx, taxpayer.btin))?.townName).toBe(
          'RevDesk Town Never Committed',
        );
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await viewOf(taxpayer.btin)).townName).toBe('RevDesk Town Committed');
  });

  it('are right for reads under way while the names reload, and load once for them all', async () => {
    const taxpayer = await createTaxpayer(ctx, { townId: TEST_TOWN_ID });
    await renameTestTown(ctx.db, 'RevDesk Town A');
    const before = Array.from({ length: 20 }, () => viewOf(taxpayer.btin));
    await renameTestTown(ctx.db, 'RevDesk Town B');
    const after = Array.from({ length: 20 }, () => viewOf(taxpayer.btin));
    for (const view of await Promise.all(before)) {
      expect(['RevDesk Town A', 'RevDesk Town B']).toContain(view.townName);
    }
    for (const view of await Promise.all(after)) expect(view.townName).toBe('RevDesk Town B');

    // A version nobody has loaded yet: concurrent askers share one load.
    await renameTestTown(ctx.db, 'RevDesk Town C');
    const [current] = await rows<{ version: string }>(
      ctx.db,
      sql`select version::text as version from reference_data_version`,
    );
    expect(keptReferenceVersions()).not.toContain(current?.version);
    const loads = await Promise.all(
      Array.from({ length: 10 }, () => referenceNamesAt(ctx.db, current?.version ?? null)),
    );
    expect(new Set(loads).size).toBe(1);
    expect(loads[0]?.version).toBe(current?.version);
    expect(loads[0]?.towns.get(TEST_TOWN_ID)).toBe('RevDesk Town C');
  });
});

describe('a shared load of the names', () => {
  it("is not taken by a caller of another version: a transaction's own changes stay its own", async () => {
    await renameTestTown(ctx.db, 'RevDesk Town Shared');
    const [committed] = await rows<{ version: string }>(
      ctx.db,
      sql`select version::text as version from reference_data_version`,
    );
    const version = committed?.version ?? null;
    let outside: Promise<Awaited<ReturnType<typeof referenceNamesAt>>> | undefined;
    const rollback = new Error('rolled back on purpose');
    await expect(
      ctx.db.transaction(async (tx) => {
        await renameTestTown(tx, 'RevDesk Town Uncommitted');
        // Asked for the committed version on purpose: the load through tx finds its own.
        const inside = referenceNamesAt(tx, version);
        outside = referenceNamesAt(ctx.db, version);
        expect((await inside).towns.get(TEST_TOWN_ID)).toBe('RevDesk Town Uncommitted');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const names = await outside;
    expect(names?.version).toBe(version);
    expect(names?.towns.get(TEST_TOWN_ID)).toBe('RevDesk Town Shared');
  });
});

describe('reference names in the taxpayer list and its export', () => {
  /** An LGA of the test's own in Bayelsa (ids are state * 100 + n; Bayelsa's are 601..608). */
  const TEST_LGA_ID = 699;

  it('name the LGA as the database holds it at the time of the read', async () => {
    await ctx.db.execute(
      sql`insert into lgas (id, state_id, name) values (${TEST_LGA_ID}, ${BAYELSA.stateId}, 'RevDesk Test LGA')`,
    );
    const taxpayer = await createTaxpayer(ctx, { lgaId: TEST_LGA_ID, townId: null });
    const listed = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/taxpayers?lga=${TEST_LGA_ID}`,
        headers: admin.bearer,
      });
      expect(res.statusCode).toBe(200);
      return res.json().items as { btin: string; lgaName: string | null }[];
    };
    expect(await listed()).toEqual([
      expect.objectContaining({ btin: taxpayer.btin, lgaName: 'RevDesk Test LGA' }),
    ]);
    await ctx.db.execute(
      sql`update lgas set name = 'RevDesk Test LGA Renamed' where id = ${TEST_LGA_ID}`,
    );
    expect(await listed()).toEqual([
      expect.objectContaining({ btin: taxpayer.btin, lgaName: 'RevDesk Test LGA Renamed' }),
    ]);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/taxpayers?lga=${TEST_LGA_ID}&format=csv`,
      headers: admin.bearer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('RevDesk Test LGA Renamed');
  });
});

describe('the reference data version', () => {
  const TABLES = [
    'states',
    'lgas',
    'towns',
    'occupations',
    'profession_categories',
    'profession_subcategories',
    'professions',
  ];

  async function versionIn(db: Db): Promise<string> {
    const [row] = await rows<{ version: string }>(
      db,
      sql`select version::text as version from reference_data_version`,
    );
    if (!row) throw new Error('no version row');
    return row.version;
  }

  it('changes with every statement on every reference table, in its transaction', async () => {
    const committed = await versionIn(ctx.db);
    const rollback = new Error('rolled back on purpose');
    await expect(
      ctx.db.transaction(async (tx) => {
        const seen = new Set([committed]);
        for (const table of TABLES) {
          const t = sql.identifier(table);
          // Statement-level triggers fire even when no row is touched.
          for (const statement of [
            sql`insert into ${t} select * from ${t} where false`,
            sql`update ${t} set name = name where false`,
            sql`delete from ${t} where false`,
          ]) {
            await tx.execute(statement);
            const version = await versionIn(tx);
            expect(seen.has(version)).toBe(false);
            seen.add(version);
          }
        }
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await versionIn(ctx.db)).toBe(committed);
  });

  it('changes with a truncate of any of them too', async () => {
    // Not run: a truncate of a reference table cascades to the append-only audit trail.
    const triggers = await rows<{ name: string; isOnTruncate: boolean }>(
      ctx.db,
      sql`select tgrelid::regclass::text as name, (tgtype & 32) <> 0 as "isOnTruncate"
        from pg_trigger where tgname = 'reference_data_version_on_change' order by 1`,
    );
    expect(triggers).toEqual([...TABLES].sort().map((name) => ({ name, isOnTruncate: true })));
  });

  it('is one row', async () => {
    await expect(
      ctx.db.execute(sql`insert into reference_data_version (is_single_row) values (false)`),
    ).rejects.toThrow();
    expect(await rows(ctx.db, sql`select * from reference_data_version`)).toHaveLength(1);
  });
});

describe("an officer's username", () => {
  it('never changes, so the view may keep it in memory by id', async () => {
    const { id, username } = admin.officer;
    await expect(
      ctx.db.execute(sql`update officers set username = 'someone.else' where id = ${id}`),
    ).rejects.toThrow();
    // Writing the same username (a whole-row update) is no change.
    await ctx.db.execute(sql`update officers set username = ${username} where id = ${id}`);
  });
});
