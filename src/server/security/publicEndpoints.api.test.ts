import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { auditEvents } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/context';
import { outcomeOf } from '../testing/outcomes';

/**
 * The public endpoints behind their guards (ADR 0014): Remita's notifications limited per
 * address and, when configured, to Remita's own addresses; the client address read through
 * TRUST_PROXY. The receipt, notice and certificate checks have their 429 tests beside them.
 */
type Context = TestContext & { close(): Promise<void> };
const opened: Context[] = [];
async function appWith(overrides: Partial<Config>): Promise<Context> {
  const ctx = await createTestContext(overrides);
  opened.push(ctx);
  return ctx;
}
afterAll(async () => {
  await Promise.all(opened.map((ctx) => ctx.close()));
});

/**
 * An empty list: past the guards it is refused for its content (422), so the answer tells
 * which guard, if any, stopped it, without a call to Remita.
 */
const notify = (ctx: Context, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: '[]',
  });

describe('Remita payment notifications', () => {
  it('one address sending more than the limit a minute gets 429 with Retry-After; another does not', async () => {
    const ctx = await appWith({ remitaNotificationRateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect(outcomeOf(await notify(ctx, '198.51.100.1'))).toBe('422 VALIDATION_FAILED');
    const limited = await notify(ctx, '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Too many payment notifications from this address. Please wait a minute and try again.',
    });
    expect(outcomeOf(await notify(ctx, '198.51.100.2'))).toBe('422 VALIDATION_FAILED');
  });

  it('with REMITA_NOTIFICATION_SOURCES, another address gets 403 and an audit row', async () => {
    const ctx = await appWith({ remitaNotificationSources: ['203.0.113.0/24', '2001:db8::7'] });
    expect(outcomeOf(await notify(ctx, '203.0.113.45'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await notify(ctx, '::ffff:203.0.113.46'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await notify(ctx, '2001:db8::7'))).toBe('422 VALIDATION_FAILED');

    const refused = await notify(ctx, '192.0.2.9');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(refused.json().error.message).toMatch(/only from Remita’s addresses/);
    const audited = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'payment.notification_source_refused'),
          eq(auditEvents.ip, '192.0.2.9'),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toMatchObject({ ip: '192.0.2.9' });
  });

  it('unset, any address may notify (the simulator on loopback included)', async () => {
    const ctx = await appWith({ remitaNotificationSources: null });
    expect(outcomeOf(await notify(ctx, '192.0.2.9'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await notify(ctx, '127.0.0.1'))).toBe('422 VALIDATION_FAILED');
  });
});

describe('TRUST_PROXY: whose address the guards see', () => {
  const sources = { remitaNotificationSources: ['203.0.113.7'] };
  const forwarded = { 'x-forwarded-for': '203.0.113.7' };

  it('off (the default): X-Forwarded-For is ignored, anyone could write it', async () => {
    const ctx = await appWith({ ...sources, trustProxy: false });
    expect((await notify(ctx, '10.0.0.2', forwarded)).statusCode).toBe(403);
  });

  it("a proxy's address: the client it forwards for, only when the proxy is that one", async () => {
    const ctx = await appWith({ ...sources, trustProxy: ['10.0.0.0/8'] });
    expect(outcomeOf(await notify(ctx, '10.0.0.2', forwarded))).toBe('422 VALIDATION_FAILED');
    expect((await notify(ctx, '192.0.2.50', forwarded)).statusCode).toBe(403);
  });

  it('a hop count: the address that many proxies back', async () => {
    const ctx = await appWith({ ...sources, trustProxy: 1 });
    expect(outcomeOf(await notify(ctx, '10.0.0.2', forwarded))).toBe('422 VALIDATION_FAILED');
    // One hop trusted: an address the client wrote before the proxy's own is not believed.
    const spoofed = { 'x-forwarded-for': '203.0.113.7, 192.0.2.60' };
    expect((await notify(ctx, '10.0.0.2', spoofed)).statusCode).toBe(403);
  });
});
