import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { csvRowsOf, xlsxSheetOf } from '../../../export/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let assessor: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  assessor = await signInAs(ctx, 'OFFICER_PA');
});

afterAll(async () => {
  await ctx.close();
});

let serial = 0;
const uniqueName = (base: string) => {
  serial += 1;
  return `${base} ${serial}-${randomUUID().slice(0, 6)}`;
};

const fixed = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Fish sellers'),
  description: 'Fresh and smoked fish at Swali market',
  rule: 'fixed_by_size',
  smallKobo: 500_000,
  mediumKobo: 1_000_000,
  largeKobo: 2_500_000,
  ...overrides,
});

const create = (payload: object, who: SignedIn = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/trade-categories', headers: who.bearer, payload });
const patch = (id: string, payload: object, who: SignedIn = admin) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/trade-categories/${id}`,
    headers: who.bearer,
    payload,
  });
const list = (query: string, who: SignedIn = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/trade-categories?${query}`, headers: who.bearer });

describe('POST /api/v1/trade-categories', () => {
  it('creates a fixed-by-size category, audited; any assessor reads it', async () => {
    const body = fixed();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    const category = res.json();
    expect(category).toMatchObject({
      name: body.name,
      rule: 'fixed_by_size',
      smallKobo: 500_000,
      mediumKobo: 1_000_000,
      largeKobo: 2_500_000,
      turnoverThresholdKobo: null,
      rateBasisPoints: null,
      isActive: true,
      isDemo: false,
      version: 1,
    });
    const audits = await ctx.db
      .select({ actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'trade_category.created'),
          eq(auditEvents.entityId, category.id),
        ),
      );
    expect(audits).toEqual([{ actorId: admin.officer.id }]);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/trade-categories/${category.id}`,
      headers: assessor.bearer,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(category);
  });

  it('a percent-of-turnover category keeps only its threshold and rate', async () => {
    const res = await create({
      name: uniqueName('Larger traders'),
      rule: 'percent_of_turnover',
      turnoverThresholdKobo: 1_200_000_000,
      rateBasisPoints: 100,
      smallKobo: 999,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      turnoverThresholdKobo: 1_200_000_000,
      rateBasisPoints: 100,
      smallKobo: null,
      description: null,
    });
  });

  it('a taken name in another case is 409 naming it', async () => {
    const body = fixed();
    expect((await create(body)).statusCode).toBe(201);
    const again = await create(fixed({ name: body.name.toUpperCase() }));
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toBe(
      `A trade category named "${body.name}" exists already.`,
    );
    expect(again.json().error.details).toEqual({ field: 'name' });
  });

  it('422 for missing rule amounts, bad amounts, bad names, NUL bytes and lone surrogates', async () => {
    const cases: [object, string][] = [
      [fixed({ mediumKobo: undefined }), 'mediumKobo'],
      [fixed({ smallKobo: -1 }), 'smallKobo'],
      [fixed({ largeKobo: 1.5 }), 'largeKobo'],
      [fixed({ name: 'A' }), 'name'],
      [fixed({ name: 'x'.repeat(81) }), 'name'],
      [fixed({ name: 'Fish\u0000sellers' }), 'name'],
      [fixed({ description: 'Smoked \uD800 fish' }), 'description'],
      [fixed({ rule: 'by_mood' }), 'rule'],
      [
        { name: uniqueName('Rate'), rule: 'percent_of_turnover', turnoverThresholdKobo: 0 },
        'rateBasisPoints',
      ],
      [
        {
          name: uniqueName('Rate'),
          rule: 'percent_of_turnover',
          turnoverThresholdKobo: 0,
          rateBasisPoints: 10_001,
        },
        'rateBasisPoints',
      ],
    ];
    for (const [payload, path] of cases) {
      const res = await create(payload);
      expect(outcomeOf(res), `${path}: ${res.body}`).toBe('422 VALIDATION_FAILED');
      expect(
        res.json().error.details.issues.map((i: { path: string }) => i.path),
        path,
      ).toContain(path);
    }
  });

  it('401 signed out; 403 for an assessor (read only)', async () => {
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/trade-categories',
      payload: fixed(),
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await create(fixed(), assessor)).statusCode).toBe(403);
  });
});

describe('PATCH /api/v1/trade-categories/{id}', () => {
  it('edits at the version read; a stale version is 409; deactivation is audited as such', async () => {
    const category = (await create(fixed())).json();
    const edited = await patch(category.id, { mediumKobo: 1_200_000, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ mediumKobo: 1_200_000, version: 2 });

    const stale = await patch(category.id, { largeKobo: 3_000_000, version: 1 });
    expect(outcomeOf(stale)).toBe('409 CONFLICT');
    expect(stale.json().error.message).toContain('Someone else changed this trade category');

    const off = await patch(category.id, { isActive: false, version: 2 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: 3 });
    const audits = await ctx.db
      .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, category.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'trade_category.created',
      'trade_category.deactivated',
      'trade_category.updated',
    ]);
    expect(audits.find((a) => a.action === 'trade_category.updated')).toMatchObject({
      before: { mediumKobo: 1_000_000, version: 1 },
      after: { mediumKobo: 1_200_000, version: 2 },
    });
  });

  it('switching the rule needs the new rule’s amounts (422) and clears the old ones', async () => {
    const category = (await create(fixed())).json();
    const missing = await patch(category.id, { rule: 'percent_of_turnover', version: 1 });
    expect(outcomeOf(missing)).toBe('422 VALIDATION_FAILED');
    expect(missing.json().error.details.issues[0].path).toBe('turnoverThresholdKobo');
    const switched = await patch(category.id, {
      rule: 'percent_of_turnover',
      turnoverThresholdKobo: 1_200_000_000,
      rateBasisPoints: 100,
      version: 1,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      smallKobo: null,
      largeKobo: null,
      rateBasisPoints: 100,
    });
  });

  it('renaming to a taken name is 409; unknown 404; bad id 422; 401; 403', async () => {
    const first = (await create(fixed())).json();
    const second = (await create(fixed())).json();
    const clash = await patch(second.id, { name: first.name.toLowerCase(), version: 1 });
    expect(outcomeOf(clash)).toBe('409 CONFLICT');
    expect(clash.json().error.details).toEqual({ field: 'name' });
    expect((await patch(randomUUID(), { version: 1 })).statusCode).toBe(404);
    expect(outcomeOf(await patch('nope', { version: 1 }))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await patch(first.id, { name: 'Bad\u0000', version: 1 }))).toBe(
      '422 VALIDATION_FAILED',
    );
    const signedOut = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/trade-categories/${first.id}`,
      payload: { version: 1 },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await patch(first.id, { version: 1 }, assessor)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/trade-categories', () => {
  it('searches, filters by active and rule, pages, and exports csv and xlsx (audited)', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = (await create(fixed({ name: `Boat operators ${tag} A` }))).json();
    const b = (await create(fixed({ name: `Boat operators ${tag} B` }))).json();
    await patch(b.id, { isActive: false, version: 1 });

    const all = await list(`search=${tag}`, assessor);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(all.json().items.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);

    const active = (await list(`search=${tag}&isActive=true`)).json();
    expect(active.items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const inactive = (await list(`search=${tag}&isActive=false`)).json();
    expect(inactive.items.map((c: { id: string }) => c.id)).toEqual([b.id]);
    const paged = (await list(`search=${tag}&pageSize=1&page=2&sort=-name`)).json();
    expect(paged).toMatchObject({ total: 2, pageSize: 1 });
    expect(paged.items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    expect((await list(`search=${tag}&rule=percent_of_turnover`)).json().total).toBe(0);

    const csv = await list(`search=${tag}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`Boat operators ${tag} A`);
    const csvRow = csvRowsOf(csv).find((row) => row.Name === `Boat operators ${tag} A`);
    // A plain decimal under a header naming the unit: what a spreadsheet reads as a number.
    expect(Object.values(csvRow ?? {})).toContain('5000.00');
    expect(Object.keys(csvRow ?? {})).toContain('Small (NGN)');
    const xlsx = await list(`search=${tag}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const { rows } = await xlsxSheetOf(xlsx, 'Trade categories');
    const xlsxRow = rows.find((row) => row.Name?.value === `Boat operators ${tag} A`);
    const amounts = ['Small (NGN)', 'Medium (NGN)', 'Large (NGN)'].map(
      (header) => xlsxRow?.[header],
    );
    expect(amounts.map((cell) => cell?.value)).toContain(5000);
    expect(amounts.every((cell) => cell?.numFmt === '"₦"#,##0.00')).toBe(true);
    const exported = await ctx.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'trade_category.exported'));
    expect(exported.length).toBeGreaterThanOrEqual(2);
  });

  it('422 for a bad filter or a NUL in the search; 401; 403 for a user type without it', async () => {
    expect(outcomeOf(await list('isActive=maybe'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await list('pageSize=500'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await list('search=%00'))).toBe('422 VALIDATION_FAILED');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/trade-categories' })).statusCode,
    ).toBe(401);
    const mda = await signInAs(ctx, 'OFFICER_MDA');
    expect((await list('', mda)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/trade-categories/${randomUUID()}`,
          headers: admin.bearer,
        })
      ).statusCode,
    ).toBe(404);
  });
});
