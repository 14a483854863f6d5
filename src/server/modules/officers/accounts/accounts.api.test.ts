import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, signInThrottles } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createOfficer,
  type SignedIn,
  signIn,
  signInAs,
  TEST_PASSWORD,
} from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { auditOf, officerXmin } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});
afterAll(() => ctx.close());

type Method = 'PATCH' | 'PUT' | 'POST';

function call(method: Method, url: string, payload: unknown, headers: Record<string, string>) {
  return ctx.app.inject({
    method,
    url: `/api/v1/officers${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const me = (s: SignedIn) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: s.bearer });

/** Every administrative change: its method, path and a body it accepts. */
const CHANGES: [string, Method, (id: string) => string, unknown][] = [
  ['edit', 'PATCH', (id) => `/${id}`, { phoneNumber: '08091234567' }],
  ['MDA privileges', 'PUT', (id) => `/${id}/mda-privileges`, { mdaIds: [] }],
  [
    'password reset',
    'POST',
    (id) => `/${id}/password-reset`,
    { temporaryPassword: 'another-temp-99' },
  ],
  ['unlock', 'POST', (id) => `/${id}/unlock`, undefined],
  ['deactivate', 'POST', (id) => `/${id}/deactivate`, undefined],
  ['reactivate', 'POST', (id) => `/${id}/reactivate`, undefined],
];

describe.each(CHANGES)('%s: access', (_name, method, path, payload) => {
  it('401 without a session, 403 for every user type but ADMIN, 404 for no such officer, 422 for a bad id', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    expect((await call(method, path(officer.id), payload, {})).statusCode).toBe(401);
    const director = await signInAs(ctx, 'DIRECTOR_COLLECTION');
    const refused = await call(method, path(officer.id), payload, director.bearer);
    expect(refused.statusCode).toBe(403);
    expect(
      (await call(method, path('7b3c9f1e-0000-4000-8000-000000000000'), payload, admin.bearer))
        .statusCode,
    ).toBe(404);
    expect(outcomeOf(await call(method, path('42'), payload, admin.bearer))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect(await auditOf(ctx, officer.id)).toHaveLength(1); // officer.created only
  });
});

describe('PATCH /api/v1/officers/{id}', () => {
  it('edits names, e-mail and phone, audits before and after, and keeps the sessions', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const session = await signIn(ctx, officer);
    const res = await call(
      'PATCH',
      `/${officer.id}`,
      {
        surname: ' Alagoa ',
        email: `Alagoa.${officer.username}@BIRS.test`,
        phoneNumber: '0809 123 4567',
      },
      admin.bearer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      surname: 'Alagoa',
      email: `alagoa.${officer.username}@birs.test`,
      phoneNumber: '+2348091234567',
    });
    const [audit] = await auditOf(ctx, officer.id);
    expect(audit).toMatchObject({
      action: 'officer.updated',
      before: { surname: officer.surname },
      after: { surname: 'Alagoa' },
    });
    expect(audit?.xmin).toBe(await officerXmin(ctx, officer.id));
    expect((await me(session)).statusCode).toBe(200);
  });

  it('a new user type revokes the officer’s sessions at once', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const session = await signIn(ctx, officer);
    const res = await call(
      'PATCH',
      `/${officer.id}`,
      { userType: 'PRINTING_OFFICER' },
      admin.bearer,
    );
    expect(res.json().userType).toBe('PRINTING_OFFICER');
    expect((await me(session)).statusCode).toBe(401);
    const [audit] = await auditOf(ctx, officer.id);
    expect(audit?.after).toEqual({ userType: 'PRINTING_OFFICER', sessionsRevoked: 1 });
  });

  it('409 for an e-mail another officer has; 422 for an unknown user type or an empty body', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const other = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const taken = await call(
      'PATCH',
      `/${officer.id}`,
      { email: other.email.toUpperCase() },
      admin.bearer,
    );
    expect(outcomeOf(taken)).toBe('409 CONFLICT');
    expect(taken.json().error.details).toEqual({ field: 'email' });
    expect(
      outcomeOf(await call('PATCH', `/${officer.id}`, { userType: 'GOVERNOR' }, admin.bearer)),
    ).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await call('PATCH', `/${officer.id}`, {}, admin.bearer))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect((await auditOf(ctx, officer.id)).map((a) => a.action)).toEqual(['officer.created']);
  });
});

describe('PUT /api/v1/officers/{id}/mda-privileges', () => {
  it('replaces the privileges, revokes the sessions, and audits in the same transaction', async () => {
    const [finance, works] = [await createMda(ctx), await createMda(ctx)];
    const officer = await createOfficer(ctx, { userType: 'OFFICER_MDA' });
    const session = await signIn(ctx, officer);
    const res = await call(
      'PUT',
      `/${officer.id}/mda-privileges`,
      { mdaIds: [works.id, finance.id] },
      admin.bearer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().mdaPrivileges).toEqual([finance.id, works.id].sort());
    expect((await me(session)).statusCode).toBe(401);
    const [audit] = await auditOf(ctx, officer.id);
    expect(audit?.action).toBe('officer.mda_privileges_changed');
    const [revoked] = await ctx.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.officerId, officer.id));
    expect(revoked?.reason).toBe('mda_privileges_changed');
    // The same set again changes nothing and writes nothing.
    await call(
      'PUT',
      `/${officer.id}/mda-privileges`,
      { mdaIds: [finance.id, works.id] },
      admin.bearer,
    );
    expect(await auditOf(ctx, officer.id)).toHaveLength(2);
  });

  it('422 for an unknown MDA, a repeated one, or a missing list', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_MDA' });
    const mda = await createMda(ctx);
    const unknown = await call(
      'PUT',
      `/${officer.id}/mda-privileges`,
      { mdaIds: ['7b3c9f1e-0000-4000-8000-000000000000'] },
      admin.bearer,
    );
    expect(outcomeOf(unknown)).toBe('422 VALIDATION_FAILED');
    expect(unknown.json().error.details.issues[0].path).toBe('mdaIds');
    expect(
      outcomeOf(
        await call(
          'PUT',
          `/${officer.id}/mda-privileges`,
          { mdaIds: [mda.id, mda.id] },
          admin.bearer,
        ),
      ),
    ).toBe('422 VALIDATION_FAILED');
    expect((await call('PUT', `/${officer.id}/mda-privileges`, {}, admin.bearer)).statusCode).toBe(
      422,
    );
  });
});

/** Failed sign-ins for the officer from one address, as an attacker's would be. */
async function failSignIns(username: string, times: number, remoteAddress: string) {
  for (let i = 0; i < times; i++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password: 'not-the-password' },
      remoteAddress,
    });
    expect(res.statusCode).toBe(401);
  }
}

const throttled = (s: SignedIn) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/officers/sign-in-throttles', headers: s.bearer });

describe('POST /api/v1/officers/{id}/password-reset and /unlock', () => {
  it('a reset sets a temporary password, clears sign-in throttles, ends the sessions; the next sign-in must change it', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const session = await signIn(ctx, officer);
    await failSignIns(officer.username, 3, '10.20.0.1');
    const res = await call(
      'POST',
      `/${officer.id}/password-reset`,
      { temporaryPassword: 'reset-by-admin-1' },
      admin.bearer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mustChangePassword: true, isSignInThrottled: false });
    expect((await me(session)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.username, password: 'reset-by-admin-1' },
      remoteAddress: '10.20.0.1',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await auditOf(ctx, officer.id)).map((a) => a.action)).toContain(
      'officer.password_reset',
    );
  });

  it('422 naming the rule for a temporary password against the policy', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const res = await call(
      'POST',
      `/${officer.id}/password-reset`,
      { temporaryPassword: officer.username },
      admin.bearer,
    );
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.details.issues).toEqual([
      expect.objectContaining({
        path: 'temporaryPassword',
        message: 'Your password cannot be your username.',
      }),
    ]);
  });

  it('an administrator sees the throttled sign-ins, clears them (audited), and the officer gets in; 409 when none runs', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    expect((await call('POST', `/${officer.id}/unlock`, undefined, admin.bearer)).statusCode).toBe(
      409,
    );
    await failSignIns(officer.username, 4, '10.20.0.2');
    const detail = await call('PATCH', `/${officer.id}`, { surname: 'Throttled' }, admin.bearer);
    expect(detail.json()).toMatchObject({
      isSignInThrottled: true,
      signInThrottledUntil: expect.any(String),
    });
    const listed = (await throttled(admin))
      .json()
      .items.filter((t: { officer: { id: string } }) => t.officer.id === officer.id);
    expect(listed).toEqual([
      {
        officer: {
          id: officer.id,
          officerId: officer.officerId,
          username: officer.username,
          firstName: expect.any(String),
          surname: 'Throttled',
          userType: 'OFFICER_DA',
        },
        address: '10.20.0.2',
        // The fourth attempt came while the address had to wait: not checked, not counted.
        failures: 3,
        until: expect.any(String),
      },
    ]);

    // A wait lasts seconds at first; the throttle lasts until the failures decay (ADR 0023).
    await ctx.db
      .update(signInThrottles)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInThrottles.officerId, officer.id));
    expect((await throttled(admin)).json().items).toContainEqual(
      expect.objectContaining({ officer: expect.objectContaining({ id: officer.id }) }),
    );

    const res = await call('POST', `/${officer.id}/unlock`, undefined, admin.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSignInThrottled: false, signInThrottledUntil: null });
    const rows = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInThrottles)
      .where(eq(signInThrottles.officerId, officer.id));
    expect(rows[0]?.n).toBe(0);
    const cleared = (await auditOf(ctx, officer.id)).find(
      (a) => a.action === 'officer.sign_in_throttle_cleared',
    );
    expect(cleared?.actorId).toBe(admin.officer.id);
    expect(JSON.stringify(cleared?.before)).toContain('10.20.0.2');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.username, password: TEST_PASSWORD },
      remoteAddress: '10.20.0.2',
    });
    expect(login.statusCode).toBe(200);
    expect((await throttled(admin)).json().items).not.toContainEqual(
      expect.objectContaining({ officer: expect.objectContaining({ id: officer.id }) }),
    );
  });

  it('only an administrator sees the list: 403 for other user types, 401 without a session', async () => {
    for (const userType of ['DIRECTOR_COLLECTION', 'EXECUTIVE', 'OFFICER_DA'] as const) {
      expect((await throttled(await signInAs(ctx, userType))).statusCode, userType).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/officers/sign-in-throttles',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('deactivate and reactivate', () => {
  it('a deactivated officer’s open session is refused on its next request; reactivation lets them sign in again', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_PA' });
    const session = await signIn(ctx, officer);
    expect((await me(session)).statusCode).toBe(200);
    const res = await call('POST', `/${officer.id}/deactivate`, undefined, admin.bearer);
    expect(res.json().isActive).toBe(false);
    expect((await me(session)).statusCode).toBe(401);
    const [audit] = await auditOf(ctx, officer.id);
    expect(audit).toMatchObject({
      action: 'officer.deactivated',
      after: { isActive: false, sessionsRevoked: 1 },
    });
    expect(audit?.xmin).toBe(await officerXmin(ctx, officer.id));
    expect(
      outcomeOf(await call('POST', `/${officer.id}/deactivate`, undefined, admin.bearer)),
    ).toBe('409 CONFLICT');

    expect(
      (await call('POST', `/${officer.id}/reactivate`, undefined, admin.bearer)).json().isActive,
    ).toBe(true);
    expect((await me(await signIn(ctx, officer))).statusCode).toBe(200);
    expect(
      outcomeOf(await call('POST', `/${officer.id}/reactivate`, undefined, admin.bearer)),
    ).toBe('409 CONFLICT');
  });

  it('an administrator cannot deactivate themself', async () => {
    const res = await call('POST', `/${admin.officer.id}/deactivate`, undefined, admin.bearer);
    expect(outcomeOf(res)).toBe('422 RULE_VIOLATION');
    expect((await me(admin)).statusCode).toBe(200);
  });
});
