import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, officers } from '../../db/schema';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});
afterAll(() => ctx.close());

const TEMPORARY = 'temporary-pass-123';
let serial = 0;

/** An officer made by an administrator: with a temporary password. */
async function newOfficer() {
  serial += 1;
  const username = `first.signin${serial}.${Date.now() % 100_000}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/officers',
    headers: admin.bearer,
    payload: {
      firstName: 'Preye',
      surname: 'Dickson',
      username,
      email: `${username}@birs.test`,
      phoneNumber: '08031234567',
      userType: 'OFFICER_PA',
      temporaryPassword: TEMPORARY,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string; username: string }>();
}

function login(username: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
}

function changeTemporary(payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/change-temporary-password',
    payload,
    headers,
  });
}

async function actionsOf(officerId: string) {
  const rows = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.actorId, officerId))
    .orderBy(auditEvents.id);
  return rows.map((row) => row.action);
}

describe('the forced password change at first sign-in', () => {
  it('the sign-in answers PASSWORD_CHANGE_REQUIRED and opens no session', async () => {
    const officer = await newOfficer();
    const res = await login(officer.username, TEMPORARY);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await actionsOf(officer.id)).toEqual(['auth.sign_in_needs_password_change']);
  });

  it('a wrong password still answers INVALID_CREDENTIALS: the code never confirms a guess', async () => {
    const officer = await newOfficer();
    const res = await login(officer.username, 'a-wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('the change signs the officer in, clears the flag, and the new password works from then on', async () => {
    const officer = await newOfficer();
    const res = await changeTemporary(
      { username: officer.username, temporaryPassword: TEMPORARY, newPassword: 'my-own-secret-1' },
      { origin: SAME_ORIGIN },
    );
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('revdesk_session=');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().user.userType).toBe('OFFICER_PA');
    const [row] = await ctx.db
      .select({ mustChangePassword: officers.mustChangePassword })
      .from(officers)
      .where(eq(officers.id, officer.id));
    expect(row?.mustChangePassword).toBe(false);
    expect((await login(officer.username, TEMPORARY)).statusCode).toBe(401);
    expect((await login(officer.username, 'my-own-secret-1')).statusCode).toBe(200);
    // The change and its session, the old password refused, the new one accepted.
    expect(await actionsOf(officer.id)).toEqual([
      'auth.password_changed',
      'auth.signed_in',
      'auth.sign_in_failed',
      'auth.signed_in',
    ]);
  });

  it('the temporary password cannot be kept, and the policy is applied (422 naming the rule)', async () => {
    const officer = await newOfficer();
    const same = await changeTemporary({
      username: officer.username,
      temporaryPassword: TEMPORARY,
      newPassword: TEMPORARY,
    });
    expect(outcomeOf(same)).toBe('422 WEAK_PASSWORD');
    expect(same.json().error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Choose a password different from the temporary one you were given.',
    });
    const short = await changeTemporary({
      username: officer.username,
      temporaryPassword: TEMPORARY,
      newPassword: 'short',
    });
    expect(short.json().error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Use at least 10 characters.',
    });
    expect((await login(officer.username, TEMPORARY)).json().error.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
  });

  it('refuses a wrong temporary password (counted towards the lock), a normal account, another site, bad input', async () => {
    const officer = await newOfficer();
    const wrong = await changeTemporary({
      username: officer.username,
      temporaryPassword: 'not-the-temporary',
      newPassword: 'my-own-secret-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');

    const normal = await changeTemporary({
      username: admin.officer.username,
      temporaryPassword: admin.officer.password,
      newPassword: 'my-own-secret-1',
    });
    expect(outcomeOf(normal)).toBe('409 CONFLICT');

    const crossSite = await changeTemporary(
      { username: officer.username, temporaryPassword: TEMPORARY, newPassword: 'my-own-secret-1' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('ORIGIN_MISMATCH');

    const missing = await changeTemporary({ username: officer.username });
    expect(outcomeOf(missing)).toBe('422 VALIDATION_FAILED');
  });

  it('a deactivated officer cannot use it', async () => {
    const officer = await newOfficer();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/officers/${officer.id}/deactivate`,
      headers: admin.bearer,
    });
    const res = await changeTemporary({
      username: officer.username,
      temporaryPassword: TEMPORARY,
      newPassword: 'my-own-secret-1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_INACTIVE');
  });
});
