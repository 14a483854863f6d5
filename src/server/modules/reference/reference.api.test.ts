import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  // Reference data is for every officer, even one who never registers a taxpayer.
  officer = await signInAs(ctx, 'OFFICER_BENJIS_READ');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = officer.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/reference${url}`, headers });

describe('reference data routes', () => {
  it('lists the 37 states with codes, Bayelsa among them', async () => {
    const res = await get('/states');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(37);
    expect(items).toContainEqual({ id: 6, code: 'BY', name: 'Bayelsa' });
  });

  it("lists a state's LGAs and an LGA's towns", async () => {
    const lgas = (await get('/states/6/lgas')).json().items;
    expect(lgas.map((l: { name: string }) => l.name)).toEqual([
      'Brass',
      'Ekeremor',
      'Kolokuma/Opokuma',
      'Nembe',
      'Ogbia',
      'Sagbama',
      'Southern Ijaw',
      'Yenagoa',
    ]);
    const yenagoa = lgas.find((l: { name: string }) => l.name === 'Yenagoa');
    const towns = (await get(`/lgas/${yenagoa.id}/towns`)).json().items;
    expect(towns.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['Epie I Ward', 'Kpansia']),
    );
  });

  it('walks the professions: category → sub-category → profession', async () => {
    const categories = (await get('/profession-categories')).json().items;
    expect(categories.length).toBeGreaterThan(5);
    const category = categories[0];
    expect(category.code).toBeTruthy();
    const subcategories = (
      await get(`/profession-categories/${category.code}/subcategories`)
    ).json().items;
    expect(subcategories.length).toBeGreaterThan(0);
    const professions = (
      await get(`/profession-subcategories/${subcategories[0].code}/professions`)
    ).json().items;
    expect(professions.length).toBeGreaterThan(0);
    expect((await get('/occupations')).json().items.length).toBeGreaterThanOrEqual(50);
  });

  it('answers 304 when the ETag still holds', async () => {
    const first = await get('/states');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toContain('private');
    const again = await get('/states', { ...officer.bearer, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('404 for an unknown state, LGA or code; 422 for an id that is not one', async () => {
    expect((await get('/states/99/lgas')).statusCode).toBe(404);
    expect((await get('/lgas/999999/towns')).statusCode).toBe(404);
    expect((await get('/profession-categories/NOPE/subcategories')).statusCode).toBe(404);
    expect((await get('/profession-subcategories/NOPE/professions')).statusCode).toBe(404);
    expect(outcomeOf(await get('/states/abc/lgas'))).toBe('422 VALIDATION_FAILED');
    // Past a smallint (states.id): refused as input, not a database error.
    expect((await get('/states/32767/lgas')).statusCode).toBe(404);
    expect(outcomeOf(await get('/states/40000/lgas'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await get('/states/32768/lgas'))).toBe('422 VALIDATION_FAILED');
  });

  it('401 without a session', async () => {
    expect((await get('/states', {})).statusCode).toBe(401);
  });
});
