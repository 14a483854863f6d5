import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database';
import type { Database } from './client';

/** The reference data loaded by drizzle/0004_reference_data.sql (sources in drizzle/README.md). */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function rows<T>(query: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer with { rows }; the shared Db type leaves it unknown.
  const result = (await database.db.execute(query)) as { rows: T[] };
  return result.rows;
}

async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(query);
  return Number(row?.n);
}

const LGAS_PER_STATE: [string, number][] = [
  ['Abia', 17],
  ['Adamawa', 21],
  ['Akwa Ibom', 31],
  ['Anambra', 21],
  ['Bauchi', 20],
  ['Bayelsa', 8],
  ['Benue', 23],
  ['Borno', 27],
  ['Cross River', 18],
  ['Delta', 25],
  ['Ebonyi', 13],
  ['Edo', 18],
  ['Ekiti', 16],
  ['Enugu', 17],
  ['Gombe', 11],
  ['Imo', 27],
  ['Jigawa', 27],
  ['Kaduna', 23],
  ['Kano', 44],
  ['Katsina', 34],
  ['Kebbi', 21],
  ['Kogi', 21],
  ['Kwara', 16],
  ['Lagos', 20],
  ['Nasarawa', 13],
  ['Niger', 25],
  ['Ogun', 20],
  ['Ondo', 18],
  ['Osun', 30],
  ['Oyo', 33],
  ['Plateau', 17],
  ['Rivers', 23],
  ['Sokoto', 23],
  ['Taraba', 16],
  ['Yobe', 17],
  ['Zamfara', 14],
  ['Federal Capital Territory', 6],
];

const BAYELSA_LGAS = [
  'Brass',
  'Ekeremor',
  'Kolokuma/Opokuma',
  'Nembe',
  'Ogbia',
  'Sagbama',
  'Southern Ijaw',
  'Yenagoa',
];

const YENAGOA_WARDS = [
  'Attissa I Ward',
  'Attissa II Ward',
  'Attissa III Ward',
  'Biseni I Ward',
  'Biseni II Ward',
  'Ekpetiama I Ward',
  'Ekpetiama II Ward',
  'Epie I Ward',
  'Epie II Ward',
  'Epie III Ward',
  'Gbarain I Ward',
  'Gbarain II Ward',
  'Gbarain III Ward',
  'Okordia Ward',
  'Zarama Ward',
];

describe('states', () => {
  it('holds the 36 states and the FCT, ids 1..37, FCT last', async () => {
    expect(await count(sql`select count(*)::int as n from states`)).toBe(37);
    const all = await rows<{ id: number; code: string; name: string }>(
      sql`select id, code, name from states order by id`,
    );
    expect(all.map((s) => s.id)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
    expect(all[0]).toEqual({ id: 1, code: 'AB', name: 'Abia' });
    expect(all[5]).toEqual({ id: 6, code: 'BY', name: 'Bayelsa' });
    expect(all[36]).toEqual({ id: 37, code: 'FC', name: 'Federal Capital Territory' });
    const named = all.slice(0, 36).map((s) => s.name);
    expect(named).toEqual([...named].sort());
  });

  it('spells Katsina correctly', async () => {
    expect(await count(sql`select count(*)::int as n from states where name = 'Katsina'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from states where name = 'Kastina'`)).toBe(0);
  });
});

describe('local government areas', () => {
  it('holds all 774', async () => {
    expect(await count(sql`select count(*)::int as n from lgas`)).toBe(774);
  });

  it.each(LGAS_PER_STATE)('%s has %i', async (state, expected) => {
    const n = await count(
      sql`select count(*)::int as n from lgas l join states s on s.id = l.state_id where s.name = ${state}`,
    );
    expect(n).toBe(expected);
  });

  it('numbers each LGA state_id * 100 + n', async () => {
    const wrong = await count(
      sql`select count(*)::int as n from lgas where id / 100 <> state_id or id % 100 = 0`,
    );
    expect(wrong).toBe(0);
  });

  it("lists Bayelsa's eight by name, ids 601..608", async () => {
    const bayelsa = await rows<{ id: number; name: string }>(
      sql`select l.id, l.name from lgas l join states s on s.id = l.state_id
          where s.name = 'Bayelsa' order by l.id`,
    );
    expect(bayelsa.map((l) => l.name)).toEqual(BAYELSA_LGAS);
    expect(bayelsa.map((l) => l.id)).toEqual([601, 602, 603, 604, 605, 606, 607, 608]);
  });
});

describe('towns', () => {
  it('every Bayelsa LGA has at least eight towns or wards', async () => {
    const perLga = await rows<{ name: string; n: number }>(
      sql`select l.name, count(t.id)::int as n from lgas l
          left join towns t on t.lga_id = l.id
          where l.state_id = 6 group by l.name order by l.name`,
    );
    expect(perLga.map((l) => l.name)).toEqual(BAYELSA_LGAS);
    for (const lga of perLga) expect(lga.n, lga.name).toBeGreaterThanOrEqual(8);
  });

  it('Yenagoa LGA holds its fifteen wards and the state capital', async () => {
    const names = (
      await rows<{ name: string }>(
        sql`select t.name from towns t join lgas l on l.id = t.lga_id where l.id = 608`,
      )
    ).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([...YENAGOA_WARDS, 'Yenagoa']));
    expect(names.filter((n) => n.endsWith(' Ward'))).toHaveLength(15);
    expect(names).not.toContain('Kaiama');
  });

  it('numbers each town lga_id * 1000 + n', async () => {
    const wrong = await count(
      sql`select count(*)::int as n from towns where id / 1000 <> lga_id or id % 1000 = 0`,
    );
    expect(wrong).toBe(0);
  });
});

describe('occupations and professions', () => {
  it('has at least fifty occupations', async () => {
    expect(await count(sql`select count(*)::int as n from occupations`)).toBeGreaterThanOrEqual(50);
  });

  it('every profession belongs to a subcategory of a category', async () => {
    const total = await count(sql`select count(*)::int as n from professions`);
    const joined = await count(
      sql`select count(*)::int as n from professions p
          join profession_subcategories s on s.id = p.subcategory_id
          join profession_categories c on c.id = s.category_id`,
    );
    expect(total).toBeGreaterThan(0);
    expect(joined).toBe(total);
    const misfiled = await count(
      sql`select count(*)::int as n from professions p
          join profession_subcategories s on s.id = p.subcategory_id
          join profession_categories c on c.id = s.category_id
          where p.code not like s.code || '-%' or s.code not like c.code || '-%'`,
    );
    expect(misfiled).toBe(0);
  });

  it('every category has sub-categories and every sub-category has professions', async () => {
    const emptyCategories = await count(
      sql`select count(*)::int as n from profession_categories c
          where not exists (select 1 from profession_subcategories s where s.category_id = c.id)`,
    );
    const emptySubcategories = await count(
      sql`select count(*)::int as n from profession_subcategories s
          where not exists (select 1 from professions p where p.subcategory_id = s.id)`,
    );
    expect(emptyCategories).toBe(0);
    expect(emptySubcategories).toBe(0);
  });
});

describe('names', () => {
  const tables = [
    ['states', sql`states`],
    ['lgas', sql`lgas`],
    ['towns', sql`towns`],
    ['occupations', sql`occupations`],
    ['profession_categories', sql`profession_categories`],
    ['profession_subcategories', sql`profession_subcategories`],
    ['professions', sql`professions`],
  ] as const;

  it.each(tables)('%s: no leading, trailing or double spaces', async (_name, table) => {
    expect(
      await count(sql`select count(*)::int as n from ${table} where name <> btrim(name)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from ${table} where name ~ '  '`)).toBe(0);
  });
});
