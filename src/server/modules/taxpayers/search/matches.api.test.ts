import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  BAYELSA,
  createTaxpayer,
  type SignedIn,
  signInAs,
  uniqueNin,
} from '../../../testing/factories';

/** GET /api/v1/taxpayers/matches: the taxpayer picker's search (src/web/lib/forms/TaxpayerPicker.tsx). */
let ctx: TestContext & { close(): Promise<void> };
let assessor: SignedIn;
let first: { btin: string };
let second: { btin: string };

beforeAll(async () => {
  ctx = await createTestContext();
  assessor = await signInAs(ctx, 'OFFICER_DA');
  first = await createTaxpayer(ctx, {
    firstName: 'Adebayo',
    lastName: 'Ogunlesi',
    phone: '08031110001',
    lgaId: BAYELSA.yenagoaLgaId,
  });
  second = await createTaxpayer(ctx, {
    firstName: 'Adebayo',
    lastName: 'Ogunlesi',
    nin: uniqueNin(),
    phone: '08031110002',
    lgaId: BAYELSA.brassLgaId,
  });
  await createTaxpayer(ctx, { firstName: 'Tamunosiki', lastName: 'Briggs' });
});

afterAll(async () => {
  await ctx.close();
});

function get(query: string, headers: Record<string, string> = assessor.bearer) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/taxpayers/matches?${query}`, headers });
}

describe('GET /api/v1/taxpayers/matches', () => {
  it('finds both namesakes by a misspelt name, with only what tells them apart', async () => {
    const res = await get(`search=${encodeURIComponent('Adebayo Ogunlessi')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Record<string, unknown>[]; hasMore: boolean };
    expect(body.items.map((item) => item.btin).sort()).toEqual([first.btin, second.btin].sort());
    expect(body.hasMore).toBe(false);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(
        ['btin', 'displayName', 'kind', 'lgaName', 'phone', 'status'].sort(),
      );
    }
    const byBtin = new Map(body.items.map((item) => [item.btin, item]));
    expect(byBtin.get(first.btin)).toMatchObject({
      displayName: 'Adebayo Ogunlesi',
      kind: 'individual',
      phone: '+2348031110001',
      lgaName: expect.any(String),
    });
    expect(byBtin.get(second.btin)?.phone).toBe('+2348031110002');
    expect(byBtin.get(first.btin)?.lgaName).not.toBe(byBtin.get(second.btin)?.lgaName);
  });

  it('finds one by BTIN or phone exactly', async () => {
    const byBtin = (await get(`search=${second.btin}`)).json() as { items: { btin: string }[] };
    expect(byBtin.items[0]?.btin).toBe(second.btin);
    const byPhone = (await get('search=0803%20111%200001')).json() as {
      items: { btin: string }[];
    };
    expect(byPhone.items.map((item) => item.btin)).toEqual([first.btin]);
  });

  it('answers at most `limit`, saying there are more', async () => {
    const body = (await get('search=Adebayo&limit=1')).json() as {
      items: unknown[];
      hasMore: boolean;
    };
    expect(body.items).toHaveLength(1);
    expect(body.hasMore).toBe(true);
  });

  it('refuses a one-letter search, naming the field', async () => {
    const res = await get('search=A');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('401 without a session, 403 for an officer who does not read the registry', async () => {
    expect((await get('search=Adebayo', {})).statusCode).toBe(401);
    for (const userType of ['OFFICER_MDA', 'OFFICER_BENJIS', 'DG_BUDGET'] as const) {
      const other = await signInAs(ctx, userType);
      const res = await get('search=Adebayo', other.bearer);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('lets every officer who raises assessments or certificates search', async () => {
    for (const userType of ['OFFICER_PA', 'OFFICER_PAYEE', 'ASSESSMENT_OFFICER'] as const) {
      const officer = await signInAs(ctx, userType);
      expect((await get('search=Adebayo', officer.bearer)).statusCode).toBe(200);
    }
  });
});
