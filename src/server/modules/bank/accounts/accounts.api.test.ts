import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankAccountView } from '../../../../shared/bank/accounts';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { uniqueAccountNumber } from '../statements/testing';

/** The collection accounts ADMIN keeps (docs/bank.md "Collection accounts"). */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  executive = await signInAs(ctx, 'EXECUTIVE');
});

afterAll(async () => {
  await ctx?.close();
});

function create(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/bank/accounts', headers, payload });
}

function list(headers: Record<string, string>, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/bank/accounts${query}`, headers });
}

function auditsOf(accountId: string) {
  return ctx.db
    .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'bank_account'), eq(auditEvents.entityId, accountId)));
}

describe('collection accounts', () => {
  it('an administrator adds, changes and deactivates one; each is audited', async () => {
    const mda = await createMda(ctx);
    const accountNumber = uniqueAccountNumber();
    const created = await create(admin.bearer, {
      bank: 'fidelity',
      accountNumber,
      name: '  Ministry of Lands Revenue  ',
      mdaId: mda.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      accountNumber,
      bank: 'fidelity',
      name: 'Ministry of Lands Revenue',
      mdaId: mda.id,
      mdaName: mda.name,
      matchWindowDays: 3,
      isActive: true,
    });

    const seen = (await list(executive.bearer)).json<{ items: BankAccountView[] }>().items;
    expect(seen.map((a) => a.accountNumber)).toContain(accountNumber);

    const general = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank/accounts/${accountNumber}`,
      headers: admin.bearer,
      payload: { mdaId: null, name: 'BIRS General Collection' },
    });
    expect(general.statusCode, general.body).toBe(200);
    expect(general.json()).toMatchObject({
      mdaId: null,
      mdaName: null,
      name: 'BIRS General Collection',
    });

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank/accounts/${accountNumber}`,
      headers: admin.bearer,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({ isActive: false });
    const active = (await list(admin.bearer)).json<{ items: BankAccountView[] }>().items;
    expect(active.map((a) => a.accountNumber)).not.toContain(accountNumber);
    const every = (await list(admin.bearer, '?includeInactive=true')).json<{
      items: BankAccountView[];
    }>().items;
    expect(every.find((a) => a.accountNumber === accountNumber)).toMatchObject({ isActive: false });

    const audits = await auditsOf(created.json().id);
    expect(audits.map((a) => a.action)).toEqual([
      'bank_account.created',
      'bank_account.changed',
      'bank_account.deactivated',
    ]);
    expect(audits[1]?.before).toMatchObject({ mdaId: mda.id });
    expect(audits[1]?.after).toMatchObject({ mdaId: null });
  });

  it('refuses a number held already (409), a bad number or an unknown MDA (422)', async () => {
    const accountNumber = uniqueAccountNumber();
    const body = { bank: 'fidelity', accountNumber, name: 'BIRS Main', mdaId: null };
    expect((await create(admin.bearer, body)).statusCode).toBe(201);
    const twice = await create(admin.bearer, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      `Account ${accountNumber} is already a collection account.`,
    );
    for (const bad of ['12345', '12345678901', 'ABCDEFGHIJ']) {
      expect((await create(admin.bearer, { ...body, accountNumber: bad })).statusCode).toBe(422);
    }
    const noMda = await create(admin.bearer, {
      ...body,
      accountNumber: uniqueAccountNumber(),
      mdaId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noMda.statusCode).toBe(422);
    expect(noMda.json().error.message).toContain('no such MDA');
    const nothing = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank/accounts/${accountNumber}`,
      headers: admin.bearer,
      payload: {},
    });
    expect(nothing.statusCode).toBe(422);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/bank/accounts/${uniqueAccountNumber()}`,
      headers: admin.bearer,
      payload: { isActive: false },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the matching window: given on creation, changed, audited, 0–31 whole days', async () => {
    const accountNumber = uniqueAccountNumber();
    const body = { bank: 'fidelity', accountNumber, name: 'BIRS Main', mdaId: null };
    const created = await create(admin.bearer, { ...body, matchWindowDays: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ matchWindowDays: 5 });
    for (const bad of [-1, 32, 2.5, '3']) {
      const refused = await create(admin.bearer, {
        ...body,
        accountNumber: uniqueAccountNumber(),
        matchWindowDays: bad,
      });
      expect(refused.statusCode, `${bad}`).toBe(422);
    }
    const patch = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/bank/accounts/${accountNumber}`,
        headers: admin.bearer,
        payload,
      });
    const widened = await patch({ matchWindowDays: 0 });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(widened.json()).toMatchObject({ matchWindowDays: 0, name: 'BIRS Main' });
    const tooWide = await patch({ matchWindowDays: 40 });
    expect(tooWide.statusCode).toBe(422);
    expect(tooWide.json().error.message).toContain('at most 31 days');
    const listed = (await list(admin.bearer)).json<{ items: BankAccountView[] }>().items;
    expect(listed.find((a) => a.accountNumber === accountNumber)?.matchWindowDays).toBe(0);

    const audits = await auditsOf(created.json().id);
    expect(audits.map((a) => a.action)).toEqual(['bank_account.created', 'bank_account.changed']);
    expect(audits[0]?.after).toMatchObject({ matchWindowDays: 5 });
    expect(audits[1]?.before).toMatchObject({ matchWindowDays: 5 });
    expect(audits[1]?.after).toMatchObject({ matchWindowDays: 0 });
  });

  it('only an administrator keeps them; the executive reads; others neither', async () => {
    const body = {
      bank: 'fidelity',
      accountNumber: uniqueAccountNumber(),
      name: 'BIRS Main',
      mdaId: null,
    };
    expect((await create({}, body)).statusCode).toBe(401);
    expect((await create(executive.bearer, body)).statusCode).toBe(403);
    expect((await list(executive.bearer)).statusCode).toBe(200);
    const officer = await signInAs(ctx, 'OFFICER_BENJIS');
    expect((await list(officer.bearer)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});
