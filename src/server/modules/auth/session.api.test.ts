import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officers, sessions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const session = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers });

describe('GET /api/v1/auth/session: is anyone signed in, without a 401', () => {
  it('signed in (cookie or Bearer): 200 with exactly what /auth/me answers', async () => {
    const s = await signInAs(ctx, 'OFFICER_DA');
    const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: s.bearer });
    expect(me.statusCode).toBe(200);
    for (const headers of [{ cookie: s.cookie }, s.bearer]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ me: me.json() });
    }
  });

  it('signed out, or holding a made-up token: 200 with null', async () => {
    const anonymous: Record<string, string>[] = [
      {},
      { cookie: 'revdesk_session=made-up' },
      { authorization: 'Bearer made-up' },
      { cookie: `revdesk_session=${'x'.repeat(500)}` },
    ];
    for (const headers of anonymous) {
      const res = await session(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ me: null });
    }
  });

  it('null once the session is idle too long, past its end, signed out or its officer deactivated', async () => {
    const idle = await signInAs(ctx, 'OFFICER_PA');
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.officerId, idle.officer.id));
    expect((await session(idle.bearer)).json()).toEqual({ me: null });

    const expired = await signInAs(ctx, 'OFFICER_PA');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.officerId, expired.officer.id));
    expect((await session(expired.bearer)).json()).toEqual({ me: null });

    const revoked = await signInAs(ctx, 'ADMIN');
    expect((await session({ cookie: revoked.cookie })).json().me.user.id).toBe(revoked.officer.id);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: revoked.cookieHeaders,
    });
    expect(logout.statusCode).toBe(200);
    expect((await session({ cookie: revoked.cookie })).json()).toEqual({ me: null });

    const deactivated = await signInAs(ctx, 'EXECUTIVE');
    await ctx.db
      .update(officers)
      .set({ isActive: false })
      .where(eq(officers.id, deactivated.officer.id));
    expect((await session(deactivated.bearer)).json()).toEqual({ me: null });
  });

  it('opens nothing else: /auth/me and every other route still answer 401 signed out', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/auth/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/taxpayers' })).statusCode).toBe(401);
  });

  it('is a read: other methods are not routes', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/session' });
    expect(res.statusCode).toBe(404);
  });
});
