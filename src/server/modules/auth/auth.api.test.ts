import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, officers, sessions } from '../../db/schema';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../../testing/context';
import { createOfficer, signIn, signInAs, TEST_PASSWORD } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    headers,
    // Each test its own address: one test's failures never throttle another's sign-ins.
    remoteAddress: testAddress,
  });
}

let testAddress = '127.0.0.1';
let nextAddress = 1;
beforeEach(() => {
  testAddress = `10.30.0.${nextAddress++}`;
});

function me(headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
}

describe('POST /api/v1/auth/login', () => {
  it('signs in by username or e-mail, sets an HttpOnly SameSite=Strict cookie and audits it', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const byName = await login(officer.username.toUpperCase(), TEST_PASSWORD);
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body.user).toMatchObject({
      username: officer.username,
      userType: 'OFFICER_DA',
      officerId: officer.officerId,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = String(byName.headers['set-cookie']);
    expect(setCookie).toContain(`revdesk_session=${body.token}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);

    const byEmail = await login(officer.email, TEST_PASSWORD);
    expect(byEmail.statusCode).toBe(200);

    // Only the hash of the token is stored.
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.officerId, officer.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.token);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, officer.id));
    expect(audit.map((a) => a.action)).toContain('auth.signed_in');
  });

  it('answers one message for an unknown username and a wrong password', async () => {
    const officer = await createOfficer(ctx);
    const unknown = await login('nobody-at-all', 'whatever-password');
    const wrong = await login(officer.username, 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect username or password.',
    });
  });

  it('a success in between resets the count of failures', async () => {
    const officer = await createOfficer(ctx);
    for (let i = 0; i < 2; i++) await login(officer.username, 'wrong-password');
    expect((await login(officer.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await login(officer.username, 'wrong-password');
    expect((await login(officer.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a deactivated officer with 403', async () => {
    const officer = await createOfficer(ctx);
    await ctx.db.update(officers).set({ isActive: false }).where(eq(officers.id, officer.id));
    const res = await login(officer.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_INACTIVE');
  });

  it('refuses bad input with 422 and the error shape, never a 500', async () => {
    const cases = [
      {},
      { username: 'a' },
      { username: 1, password: 2 },
      { username: '', password: 'x' },
      { username: 'a'.repeat(300), password: 'x' },
      { username: 'a', password: 'p'.repeat(300) },
    ];
    for (const payload of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
      expect(outcomeOf(res), JSON.stringify(payload)).toBe('422 VALIDATION_FAILED');
    }
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const officer = await createOfficer(ctx);
    const res = await login(officer.username, TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ORIGIN_MISMATCH');
    expect((await login(officer.username, TEST_PASSWORD, { origin: SAME_ORIGIN })).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('accepts the cookie or a Bearer token; 401 without either or with a made-up one', async () => {
    const s = await signInAs(ctx, 'EXECUTIVE');
    expect((await me({ cookie: s.cookie })).statusCode).toBe(200);
    expect((await me(s.bearer)).statusCode).toBe(200);
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHENTICATED');
    expect((await me({ authorization: 'Bearer made-up' })).statusCode).toBe(401);
    expect((await me({ cookie: 'revdesk_session=made-up' })).statusCode).toBe(401);
  });

  it('ends after 30 minutes idle', async () => {
    const s = await signInAs(ctx, 'OFFICER_PA');
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(sessions.officerId, s.officer.id));
    expect((await me(s.bearer)).statusCode).toBe(200);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.officerId, s.officer.id));
    expect((await me(s.bearer)).statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in, however active', async () => {
    const s = await signInAs(ctx, 'OFFICER_PA');
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.officerId, s.officer.id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(12 * 3600_000);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.officerId, s.officer.id));
    expect((await me(s.bearer)).statusCode).toBe(401);
  });

  it('ends at once when the officer is deactivated', async () => {
    const s = await signInAs(ctx, 'OFFICER_PA');
    await ctx.db.update(officers).set({ isActive: false }).where(eq(officers.id, s.officer.id));
    expect((await me(s.bearer)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the session, clears the cookie and audits it', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: s.cookieHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/revdesk_session=;/);
    expect((await me({ cookie: s.cookie })).statusCode).toBe(401);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, s.officer.id));
    expect(audit.map((a) => a.action)).toContain('auth.signed_out');
  });

  it('401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('Origin check on cookie-authenticated writes', () => {
  it('refuses a cookie write with no Origin or a foreign one; a Bearer write needs none', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const noOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: s.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().error.code).toBe('ORIGIN_MISMATCH');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: s.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    // The refused requests did nothing: the session still works.
    expect((await me({ cookie: s.cookie })).statusCode).toBe(200);
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: s.bearer,
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('reads (GET) need no Origin', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    expect((await me({ cookie: s.cookie })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/change-password', () => {
  function change(headers: Record<string, string>, payload: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers,
      payload: payload as object,
    });
  }

  it('changes the password, keeps this session, revokes the others, and audits it', async () => {
    const officer = await createOfficer(ctx, { userType: 'DIRECTOR_ASSESSMENT' });
    const here = await signIn(ctx, officer);
    const elsewhere = await signIn(ctx, officer);
    const res = await change(here.cookieHeaders, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect((await me({ cookie: here.cookie })).statusCode).toBe(200);
    expect((await me(elsewhere.bearer)).statusCode).toBe(401);
    expect((await login(officer.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(officer.username, 'a-brand-new-passphrase')).statusCode).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, officer.id));
    const changed = audit.find((a) => a.action === 'auth.password_changed');
    expect(changed?.after).toEqual({ otherSessionsRevoked: 1 });
    expect(JSON.stringify(audit)).not.toContain('a-brand-new-passphrase');
  });

  it('refuses a wrong current password and a weak new one with 422', async () => {
    const s = await signInAs(ctx, 'OFFICER_DA');
    const wrong = await change(s.cookieHeaders, {
      currentPassword: 'not-it-at-all',
      newPassword: 'a-brand-new-passphrase',
    });
    expect(outcomeOf(wrong)).toBe('422 WRONG_PASSWORD');
    const short = await change(s.cookieHeaders, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(outcomeOf(short)).toBe('422 WEAK_PASSWORD');
    expect(short.json().error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Use at least 10 characters.',
    });
    const sameAsUsername = await change(s.cookieHeaders, {
      currentPassword: TEST_PASSWORD,
      newPassword: s.officer.username,
    });
    expect(outcomeOf(sameAsUsername)).toBe('422 WEAK_PASSWORD');
    const same = await change(s.cookieHeaders, {
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
    });
    expect(outcomeOf(same)).toBe('422 WEAK_PASSWORD');
  });

  it('422 for a body missing a field, 401 without a session', async () => {
    const s = await signInAs(ctx, 'OFFICER_DA');
    expect((await change(s.cookieHeaders, { currentPassword: TEST_PASSWORD })).statusCode).toBe(
      422,
    );
    expect(
      (await change({}, { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase' }))
        .statusCode,
    ).toBe(401);
  });
});
