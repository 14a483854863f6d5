import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MdaView } from '../../../shared/mdas';
import { csvRowsOf, xlsxSheetOf } from '../../export/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs, signInMdaOfficer } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { issuePaths, mdaClient, uniqueMda } from './testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let assessor: SignedIn;
let director: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  assessor = await signInAs(ctx, 'OFFICER_DA');
  director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
});

afterAll(async () => {
  await ctx.close();
});

const { send, createMda } = mdaClient(
  () => ctx,
  () => admin.bearer,
);

const mdaOfficerOf = (mdaIds: string[]) => signInMdaOfficer(ctx, mdaIds);

describe('POST /api/v1/mdas', () => {
  it('adds an MDA, upper-cases its code, and audits it', async () => {
    const res = await send(
      'POST',
      '/api/v1/mdas',
      uniqueMda({
        code: 'moh-x1',
        shortName: 'MOH',
        merchantId: '2547916',
        serviceTypeIds: ['4430731'],
      }),
    );
    expect(res.statusCode).toBe(201);
    const mda = res.json();
    expect(mda).toMatchObject({
      code: 'MOH-X1',
      shortName: 'MOH',
      category: 'ministry',
      isActive: true,
      merchantId: '2547916',
      serviceTypeIds: ['4430731'],
      hasRemitaCredentials: false,
      revenueHeads: [],
      officerCount: 0,
    });
    const audit = await ctx.db.query.auditEvents.findFirst({
      where: (e, { and, eq }) => and(eq(e.entityId, mda.id), eq(e.action, 'mda.created')),
    });
    expect(audit?.actorUsername).toBe(admin.officer.username);
    expect(audit?.after).toMatchObject({ code: 'MOH-X1', hasRemitaKey: false });
  });

  it('401 without a session, 403 for officers who only read MDAs', async () => {
    expect((await send('POST', '/api/v1/mdas', uniqueMda(), {})).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/mdas', uniqueMda(), assessor.bearer)).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/mdas', uniqueMda(), director.bearer)).statusCode).toBe(403);
  });

  it.each([
    ['code', { code: 'M' }],
    ['code', { code: 'MINISTRYOFHEALTH' }],
    ['code', { code: 'MOH!' }],
    ['code', { code: '-MOH' }],
    ['code', { code: 'LG--YEN' }],
    ['name', { name: '  ' }],
    ['category', { category: 'parastatal' }],
    ['merchantId', { merchantId: 'ABC123' }],
    ['serviceTypeIds.0', { serviceTypeIds: ['44-30'] }],
    ['serviceTypeIds', { serviceTypeIds: ['4430731', '4430731'] }],
    ['apiKey', { apiKey: '' }],
    ['', { remitaApiKeyEncrypted: 'v1.a.b.c' }],
  ])('422 naming %s for %j', async (field, overrides) => {
    const res = await send('POST', '/api/v1/mdas', uniqueMda(overrides));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(res)).toContain(field);
  });

  it('422 for an API key without its merchant ID', async () => {
    const res = await send('POST', '/api/v1/mdas', uniqueMda({ apiKey: '1946' }));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(res)).toEqual(['merchantId']);
  });

  it('409 for a code or a name (in any case) that exists', async () => {
    const first = await createMda();
    const sameCode = await send('POST', '/api/v1/mdas', uniqueMda({ code: first.code }));
    expect(outcomeOf(sameCode)).toBe('409 CONFLICT');
    expect(sameCode.json().error).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
    const sameName = await send(
      'POST',
      '/api/v1/mdas',
      uniqueMda({ name: first.name.toUpperCase() }),
    );
    expect(outcomeOf(sameName)).toBe('409 CONFLICT');
    expect(sameName.json().error.details).toEqual({ field: 'name' });
  });
});

describe('PATCH /api/v1/mdas/{id}', () => {
  it('changes the fields sent, deactivates, and audits before and after', async () => {
    const mda = await createMda();
    const res = await send('PATCH', `/api/v1/mdas/${mda.id}`, {
      name: `${mda.name} (renamed)`,
      category: 'agency',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category: 'agency', isActive: false, code: mda.code });
    const audit = await ctx.db.query.auditEvents.findFirst({
      where: (e, { and, eq }) => and(eq(e.entityId, mda.id), eq(e.action, 'mda.updated')),
    });
    expect(audit?.before).toEqual({ name: mda.name, category: 'ministry', isActive: true });
    expect(audit?.after).toEqual({
      name: `${mda.name} (renamed)`,
      category: 'agency',
      isActive: false,
    });
  });

  it('401, 403, 404, 422 and 409', async () => {
    const mda = await createMda();
    const other = await createMda();
    const url = `/api/v1/mdas/${mda.id}`;
    expect((await send('PATCH', url, { isActive: false }, {})).statusCode).toBe(401);
    expect((await send('PATCH', url, { isActive: false }, assessor.bearer)).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/v1/mdas/${randomUUID()}`, { isActive: false })).statusCode,
    ).toBe(404);
    const badId = await send('PATCH', '/api/v1/mdas/not-an-id', { isActive: false });
    expect(outcomeOf(badId)).toBe('422 VALIDATION_FAILED');
    const badCode = await send('PATCH', url, { code: 'lg yen' });
    expect(outcomeOf(badCode)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(badCode)).toEqual(['code']);
    const clash = await send('PATCH', url, { code: other.code });
    expect(outcomeOf(clash)).toBe('409 CONFLICT');
    // Clearing the merchant ID while a key remains would leave a key no one can use.
    await send('PATCH', url, { merchantId: '2547916', apiKey: 'key-1' });
    const orphanKey = await send('PATCH', url, { merchantId: null });
    expect(outcomeOf(orphanKey)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(orphanKey)).toEqual(['merchantId']);
  });
});

describe('GET /api/v1/mdas (the short list)', () => {
  it('lists active MDAs by name for every officer; inactive ones only for MDA readers', async () => {
    const active = await createMda();
    const inactive = await createMda({ isActive: false });
    const res = await send('GET', '/api/v1/mdas', undefined, director.bearer);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string }[];
    expect(items.map((i) => i.id)).toContain(active.id);
    expect(items.map((i) => i.id)).not.toContain(inactive.id);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual([
      'code',
      'id',
      'isActive',
      'name',
      'shortName',
    ]);

    const all = await send('GET', '/api/v1/mdas?includeInactive=true', undefined, assessor.bearer);
    expect(all.json().items.map((i: { id: string }) => i.id)).toContain(inactive.id);
    expect(
      (await send('GET', '/api/v1/mdas?includeInactive=true', undefined, director.bearer))
        .statusCode,
    ).toBe(403);
    expect(outcomeOf(await send('GET', '/api/v1/mdas?includeInactive=maybe'))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect((await send('GET', '/api/v1/mdas', undefined, {})).statusCode).toBe(401);
  });

  it("shows MDA staff their own MDAs only, and nothing of another MDA's", async () => {
    const mine = await createMda();
    const theirs = await createMda();
    const officer = await mdaOfficerOf([mine.id]);
    const res = await send('GET', '/api/v1/mdas', undefined, officer.bearer);
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    expect(
      (await send('GET', `/api/v1/mdas/${theirs.id}`, undefined, officer.bearer)).statusCode,
    ).toBe(403);
    const none = await mdaOfficerOf([]);
    expect((await send('GET', '/api/v1/mdas', undefined, none.bearer)).json().items).toEqual([]);
    expect((await send('GET', `/api/v1/mdas/${mine.id}`)).json().officerCount).toBe(1);
  });
});

describe('GET /api/v1/mdas/details and /api/v1/mdas/{id}', () => {
  it('pages, searches and filters the full records', async () => {
    const lga = await createMda({
      code: 'LG-TST',
      name: 'Southern Ijaw Test Council',
      category: 'lga',
    });
    await createMda({ category: 'lga', isActive: false });
    const found = await send(
      'GET',
      '/api/v1/mdas/details?search=ijaw%20test&category=lga',
      undefined,
      assessor.bearer,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(found.json().items[0].id).toBe(lga.id);

    const inactive = await send('GET', '/api/v1/mdas/details?category=lga&isActive=false');
    expect(inactive.json().items.every((m: MdaView) => !m.isActive && m.category === 'lga')).toBe(
      true,
    );
    expect(inactive.json().total).toBeGreaterThanOrEqual(1);

    const paged = await send('GET', '/api/v1/mdas/details?pageSize=2&page=2&sort=-code');
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.json().items).toHaveLength(2);
    // "%" is a character to find, not a wildcard.
    expect((await send('GET', '/api/v1/mdas/details?search=%25')).json().total).toBe(0);
  });

  it('401, 403 for officers without mda:read, 422 for a bad filter, 404 for no MDA', async () => {
    expect((await send('GET', '/api/v1/mdas/details', undefined, {})).statusCode).toBe(401);
    expect((await send('GET', '/api/v1/mdas/details', undefined, director.bearer)).statusCode).toBe(
      403,
    );
    const bad = await send('GET', '/api/v1/mdas/details?category=parastatal&pageSize=500');
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    const mda = await createMda();
    expect((await send('GET', `/api/v1/mdas/${mda.id}`, undefined, {})).statusCode).toBe(401);
    expect(
      (await send('GET', `/api/v1/mdas/${mda.id}`, undefined, director.bearer)).statusCode,
    ).toBe(403);
    expect(outcomeOf(await send('GET', '/api/v1/mdas/nope'))).toBe('422 VALIDATION_FAILED');
    expect((await send('GET', `/api/v1/mdas/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('exports the filter as CSV and Excel, formulas neutralised', async () => {
    await createMda({ code: 'CSV-1', name: '=HYPERLINK("x") Board', shortName: '+SUM' });
    const csv = await send(
      'GET',
      '/api/v1/mdas/details?search=hyperlink&format=csv',
      undefined,
      assessor.bearer,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="mdas-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Board",'+SUM`);
    expect(csv.body.split('\n')[0]).toContain('Remita API key');

    const [row] = csvRowsOf(csv);
    expect(row).toMatchObject({ Code: 'CSV-1', Active: 'Yes', Officers: '0' });

    const xlsx = await send('GET', '/api/v1/mdas/details?search=hyperlink&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const { headers, rows } = await xlsxSheetOf(xlsx, 'MDAs');
    expect(headers.slice(0, 5)).toEqual(['Code', 'Name', 'Short name', 'Category', 'Active']);
    expect(rows).toHaveLength(1);
    // Quote-prefixed string cells: no apostrophe shows.
    expect(rows[0]?.Name?.value).toBe('=HYPERLINK("x") Board');
    expect(rows[0]?.['Short name']?.value).toBe('+SUM');
    expect(rows[0]?.Officers?.value).toBe(0);
    expect(outcomeOf(await send('GET', '/api/v1/mdas/details?format=pdf'))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect(
      (await send('GET', '/api/v1/mdas/details?format=csv', undefined, director.bearer)).statusCode,
    ).toBe(403);
  });
});
