import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { officers } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createOfficer, type SignedIn, signIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createOfficerService } from '../service';
import { auditOf } from '../testing';

// A file of its own: these tests deactivate every other administrator of their database.
let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function call(
  method: 'PATCH' | 'POST',
  url: string,
  payload: unknown,
  headers: Record<string, string>,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1/officers${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const me = (s: SignedIn) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: s.bearer });

describe('the last active administrator', () => {
  async function activeAdminIds() {
    const rows = await ctx.db
      .select({ id: officers.id })
      .from(officers)
      .where(and(eq(officers.userType, 'ADMIN'), eq(officers.isActive, true)));
    return rows.map((row) => row.id);
  }

  it('two administrators deactivating each other at once: one wins, one administrator remains', async () => {
    const first = await signIn(ctx, await createOfficer(ctx, { userType: 'ADMIN' }));
    const second = await signIn(ctx, await createOfficer(ctx, { userType: 'ADMIN' }));
    for (const id of await activeAdminIds()) {
      if (id !== first.officer.id && id !== second.officer.id) {
        expect((await call('POST', `/${id}/deactivate`, undefined, first.bearer)).statusCode).toBe(
          200,
        );
      }
    }
    const answers = await Promise.all([
      call('POST', `/${second.officer.id}/deactivate`, undefined, first.bearer),
      call('POST', `/${first.officer.id}/deactivate`, undefined, second.bearer),
    ]);
    const outcomes = answers.map(outcomeOf).sort();
    // The loser is refused by the last-administrator rule or, when the winner had already
    // deactivated it, by its ended session: which one is the race's to decide, not the test's.
    expect(outcomes[0]).toBe('200');
    expect(['401 UNAUTHENTICATED', '422 RULE_VIOLATION']).toContain(outcomes[1]);
    expect(await activeAdminIds()).toHaveLength(1);
  });

  it('cannot be deactivated (even by the system) or demoted; a refused change leaves no audit row', async () => {
    const [lastId] = await activeAdminIds();
    if (!lastId) throw new Error('the test before left no administrator');
    const service = createOfficerService({ db: ctx.db });
    const before = await auditOf(ctx, lastId);
    await expect(service.deactivateOfficer(systemActor('cli'), lastId)).rejects.toMatchObject({
      code: 'RULE_VIOLATION',
      message: expect.stringContaining('last active administrator'),
    });
    await expect(
      service.updateOfficer(systemActor('cli'), lastId, { userType: 'EXECUTIVE' }),
    ).rejects.toMatchObject({ code: 'RULE_VIOLATION' });
    expect(await auditOf(ctx, lastId)).toEqual(before);
    expect(await activeAdminIds()).toEqual([lastId]);
  });

  it('through the API: the last administrator cannot demote themself; with a second one they can', async () => {
    const [lastId] = await activeAdminIds();
    const [row] = await ctx.db
      .select()
      .from(officers)
      .where(eq(officers.id, lastId ?? ''));
    if (!row) throw new Error('no administrator left');
    // Sign in as that administrator with a password this test sets.
    const service = createOfficerService({ db: ctx.db });
    const password = 'last-admin-password';
    await service.resetPassword(systemActor('cli'), row.id, password);
    await ctx.db.update(officers).set({ mustChangePassword: false }).where(eq(officers.id, row.id));
    const last = await signIn(ctx, {
      ...(await service.getOfficer(systemActor('cli'), row.id)),
      password,
    });
    const demote = await call('PATCH', `/${row.id}`, { userType: 'EXECUTIVE' }, last.bearer);
    expect(outcomeOf(demote)).toBe('422 RULE_VIOLATION');
    await signInAs(ctx, 'ADMIN');
    const demoted = await call('PATCH', `/${row.id}`, { userType: 'EXECUTIVE' }, last.bearer);
    expect(demoted.json().userType).toBe('EXECUTIVE');
    expect((await me(last)).statusCode).toBe(401);
  });
});
