import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { issuePaths, mdaClient } from './testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let assessor: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  assessor = await signInAs(ctx, 'OFFICER_DA');
});

afterAll(async () => {
  await ctx.close();
});

const { send, createMda } = mdaClient(
  () => ctx,
  () => admin.bearer,
);

describe('revenue heads', () => {
  it('adds, edits and deactivates a head, auditing each change', async () => {
    const mda = await createMda();
    const added = await send('POST', `/api/v1/mdas/${mda.id}/revenue-heads`, {
      code: '12020401',
      name: 'Hospital fees',
      defaultAmountKobo: 150_000,
    });
    expect(added.statusCode).toBe(201);
    const head = added.json();
    expect(head).toMatchObject({ code: '12020401', defaultAmountKobo: 150_000, isActive: true });

    const edited = await send('PATCH', `/api/v1/mdas/${mda.id}/revenue-heads/${head.id}`, {
      name: 'Hospital registration fees',
      defaultAmountKobo: null,
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ defaultAmountKobo: null, isActive: false });

    const one = await send('GET', `/api/v1/mdas/${mda.id}`);
    expect(one.json().revenueHeads).toEqual([edited.json()]);
    const actions = (
      await ctx.db.query.auditEvents.findMany({ where: (e, { eq }) => eq(e.entityId, mda.id) })
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['mda.revenue_head_added', 'mda.revenue_head_updated']),
    );
  });

  it('401, 403, 404, 422 naming the field, 409 for a code the MDA has', async () => {
    const mda = await createMda();
    const url = `/api/v1/mdas/${mda.id}/revenue-heads`;
    const body = { code: '12020402', name: 'Tenement rate' };
    expect((await send('POST', url, body, {})).statusCode).toBe(401);
    expect((await send('POST', url, body, assessor.bearer)).statusCode).toBe(403);
    expect(
      (await send('POST', `/api/v1/mdas/${randomUUID()}/revenue-heads`, body)).statusCode,
    ).toBe(404);
    for (const [field, bad] of [
      ['code', { code: '1202040' }],
      ['code', { code: '22020402' }],
      ['defaultAmountKobo', { defaultAmountKobo: 12.5 }],
      ['defaultAmountKobo', { defaultAmountKobo: -1 }],
      ['name', { name: '' }],
    ] as const) {
      const res = await send('POST', url, { ...body, ...bad });
      expect(outcomeOf(res), JSON.stringify(bad)).toBe('422 VALIDATION_FAILED');
      expect(issuePaths(res)).toContain(field);
    }
    expect((await send('POST', url, body)).statusCode).toBe(201);
    const duplicate = await send('POST', url, { ...body, name: 'Another name' });
    expect(outcomeOf(duplicate)).toBe('409 CONFLICT');
    expect(duplicate.json().error.details).toEqual({ field: 'code' });
    // The same economic code in another MDA is fine: each MDA has its own heads.
    const other = await createMda();
    expect((await send('POST', `/api/v1/mdas/${other.id}/revenue-heads`, body)).statusCode).toBe(
      201,
    );

    const head = (await send('GET', `/api/v1/mdas/${mda.id}`)).json().revenueHeads[0];
    const headUrl = `${url}/${head.id}`;
    expect((await send('PATCH', headUrl, { isActive: false }, {})).statusCode).toBe(401);
    expect((await send('PATCH', headUrl, { isActive: false }, assessor.bearer)).statusCode).toBe(
      403,
    );
    expect((await send('PATCH', `${url}/${randomUUID()}`, { isActive: false })).statusCode).toBe(
      404,
    );
    // A head is reached through its own MDA only.
    expect(
      (
        await send('PATCH', `/api/v1/mdas/${other.id}/revenue-heads/${head.id}`, {
          isActive: false,
        })
      ).statusCode,
    ).toBe(404);
    const badPatch = await send('PATCH', headUrl, { code: 'abc' });
    expect(outcomeOf(badPatch)).toBe('422 VALIDATION_FAILED');
    expect(issuePaths(badPatch)).toEqual(['code']);
  });
});

describe('GET /mdas/:id/revenue-heads (the bill form)', () => {
  it('gives every officer who raises bills the active heads, MDA staff their own MDAs only', async () => {
    const mda = await createMda();
    const url = `/api/v1/mdas/${mda.id}/revenue-heads`;
    await send('POST', url, { code: '12020411', name: 'Market stall fees' });
    const closed = (await send('POST', url, { code: '12020412', name: 'Old levy' })).json();
    await send('PATCH', `${url}/${closed.id}`, { isActive: false });

    // OFFICER_DA lacks mda:read, yet raises bills.
    const res = await ctx.app.inject({ method: 'GET', url, headers: assessor.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((h: { code: string }) => h.code)).toEqual(['12020411']);

    const mdaOfficer = await signInAs(ctx, 'OFFICER_MDA');
    const foreign = await ctx.app.inject({ method: 'GET', url, headers: mdaOfficer.bearer });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/mdas/${randomUUID()}/revenue-heads`,
      headers: assessor.bearer,
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/mdas/not-an-id/revenue-heads',
      headers: assessor.bearer,
    });
    expect(outcomeOf(badId)).toBe('422 VALIDATION_FAILED');
  });
});
