import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ADDRESS, SIGN_IN_THROTTLE, throttleSubject } from '../../auth/signInThrottle';
import { auditEvents, signInThrottles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createOfficer, TEST_PASSWORD } from '../../testing/factories';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function login(username: string, password: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress,
  });
}

/** The counter of one officer from one address (or every address), with its wait in seconds. */
async function counter(officerId: string, address: string) {
  const [row] = await ctx.db
    .select({
      failures: signInThrottles.failures,
      waitSeconds: sql<
        number | null
      >`extract(epoch from ${signInThrottles.blockedUntil} - ${signInThrottles.lastFailedAt})::float8`,
    })
    .from(signInThrottles)
    .where(
      and(
        eq(signInThrottles.subject, throttleSubject(officerId, '')),
        eq(signInThrottles.address, address),
      ),
    );
  return row ?? null;
}

/** The wait of a counter runs out now, as if the attacker had waited it: no sleeping in tests. */
async function endWait(officerId: string, address: string) {
  await ctx.db
    .update(signInThrottles)
    .set({ blockedUntil: sql`now() - interval '1 millisecond'` })
    .where(
      and(
        eq(signInThrottles.subject, throttleSubject(officerId, '')),
        eq(signInThrottles.address, address),
      ),
    );
}

/**
 * The next attempt comes while the wait runs, whatever the machine's speed: the wait, once set,
 * is made to last a minute (waits of a second would race the test's own requests).
 */
async function holdWait(officerId: string, address: string) {
  const held = await ctx.db
    .update(signInThrottles)
    .set({ blockedUntil: sql`now() + interval '1 minute'` })
    .where(
      and(
        eq(signInThrottles.subject, throttleSubject(officerId, '')),
        eq(signInThrottles.address, address),
        isNotNull(signInThrottles.blockedUntil),
      ),
    )
    .returning({ address: signInThrottles.address });
  expect(held).toHaveLength(1);
}

/** What a client can see of an answer, but for the headers that differ on every answer. */
function visible(res: Awaited<ReturnType<typeof login>>) {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

describe('sign-in throttling (ADR 0023)', () => {
  it('an attacker hammering from one address does not keep the officer out from another', async () => {
    const officer = await createOfficer(ctx);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 25; i++) {
      expect((await login(officer.username, `guess-${i}`, attacker)).statusCode).toBe(401);
    }
    // Attempts made while the address had to wait were not checked, so not counted: of 25, 3
    // free ones and one per wait run out (12 would take the waits 1 s … 256 s, over 8 minutes).
    const fromAttacker = await counter(officer.id, attacker);
    expect(fromAttacker?.failures).toBeGreaterThan(SIGN_IN_THROTTLE.addressFreeFailures - 0.1);
    expect(fromAttacker?.failures).toBeLessThan(12);
    // As if it had kept on for a quarter of an hour: 12 failures, then one more.
    await ctx.db
      .update(signInThrottles)
      .set({ failures: 12, blockedUntil: null })
      .where(eq(signInThrottles.address, attacker));
    expect((await login(officer.username, 'guess-again', attacker)).statusCode).toBe(401);
    expect((await counter(officer.id, attacker))?.waitSeconds).toBe(
      SIGN_IN_THROTTLE.maxDelaySeconds,
    );
    // Even the right password from the attacker's address is not checked now.
    expect((await login(officer.username, TEST_PASSWORD, attacker)).statusCode).toBe(401);
    const accountWide = await counter(officer.id, EVERY_ADDRESS);
    expect(accountWide?.failures).toBeLessThan(SIGN_IN_THROTTLE.accountFreeFailures);
    expect(accountWide?.waitSeconds).toBeNull();

    const atTheOffice = await login(officer.username, TEST_PASSWORD, '198.51.100.20');
    expect(atTheOffice.statusCode).toBe(200);
    // Her success clears her address's count, not the attacker's.
    expect(await counter(officer.id, '198.51.100.20')).toBeNull();
    expect(await counter(officer.id, attacker)).not.toBeNull();
  });

  it('the address waits longer after each failure: 1 s, 2 s, 4 s …', async () => {
    const officer = await createOfficer(ctx);
    const address = '203.0.113.8';
    for (let i = 0; i < SIGN_IN_THROTTLE.addressFreeFailures - 1; i++) {
      await login(officer.username, 'wrong-password', address);
    }
    expect((await counter(officer.id, address))?.waitSeconds).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await login(officer.username, 'wrong-password', address)).statusCode).toBe(401);
      const wait = (await counter(officer.id, address))?.waitSeconds ?? 0;
      waits.push(wait);
      // Right password, but the wait is not over: refused without a check, and not counted.
      await holdWait(officer.id, address);
      expect((await login(officer.username, TEST_PASSWORD, address)).statusCode).toBe(401);
      await endWait(officer.id, address);
    }
    // 2^(failures − 3) seconds, failures counted to the nearest whole one.
    expect(waits).toEqual([1, 2, 4, 8]);
    // Once a wait is over, the right password gets in and the address starts afresh.
    expect((await login(officer.username, TEST_PASSWORD, address)).statusCode).toBe(200);
    expect(await counter(officer.id, address)).toBeNull();
  });

  it('no wait is longer than 15 minutes, however many failures', async () => {
    const officer = await createOfficer(ctx);
    const address = '203.0.113.9';
    await login(officer.username, 'wrong-password', address);
    await ctx.db
      .update(signInThrottles)
      .set({ failures: 40 })
      .where(eq(signInThrottles.subject, throttleSubject(officer.id, '')));
    await login(officer.username, 'wrong-password', address);
    expect((await counter(officer.id, address))?.waitSeconds).toBe(
      SIGN_IN_THROTTLE.maxDelaySeconds,
    );
  });

  it('a throttled answer is the same, byte for byte, as an unknown username or a wrong password', async () => {
    const officer = await createOfficer(ctx);
    const address = '203.0.113.10';
    const wrong = await login(officer.username, 'wrong-password', address);
    for (let i = 1; i < SIGN_IN_THROTTLE.addressFreeFailures; i++) {
      await login(officer.username, 'wrong-password', address);
    }
    await holdWait(officer.id, address);
    const throttled = await login(officer.username, TEST_PASSWORD, address);
    const unknown = await login('no-such-officer-anywhere', 'some-password', address);
    expect(visible(throttled)).toEqual(visible(unknown));
    expect(visible(throttled)).toEqual(visible(wrong));
    expect(throttled.statusCode).toBe(401);
    expect(throttled.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect username or password.' },
    });
    expect(throttled.headers['retry-after']).toBeUndefined();

    // A name no account has is throttled by the same rule: its answers cannot differ either.
    const ghost = 'ghost.officer';
    for (let i = 0; i < SIGN_IN_THROTTLE.addressFreeFailures; i++) {
      await login(ghost, 'whatever-1', address);
    }
    const [ghostRow] = await ctx.db
      .select({ blockedUntil: signInThrottles.blockedUntil })
      .from(signInThrottles)
      .where(
        and(
          eq(signInThrottles.subject, throttleSubject(null, ghost)),
          eq(signInThrottles.address, address),
        ),
      );
    expect(ghostRow?.blockedUntil).not.toBeNull();
    expect(visible(await login(ghost, 'whatever-2', address))).toEqual(visible(throttled));

    const refusals = await ctx.db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, officer.id));
    expect(refusals.map((r) => r.action)).toContain('auth.sign_in_refused_throttled');
  });

  it('failures decay: two hours later three failures weigh less than one', async () => {
    const officer = await createOfficer(ctx);
    const address = '203.0.113.11';
    for (let i = 0; i < SIGN_IN_THROTTLE.addressFreeFailures; i++) {
      await login(officer.username, 'wrong-password', address);
    }
    await holdWait(officer.id, address);
    expect((await login(officer.username, TEST_PASSWORD, address)).statusCode).toBe(401);
    // The database's clock moves on two hours (two half-lives) for this officer's counters.
    await ctx.db
      .update(signInThrottles)
      .set({
        lastFailedAt: sql`${signInThrottles.lastFailedAt} - interval '2 hours'`,
        blockedUntil: sql`${signInThrottles.blockedUntil} - interval '2 hours'`,
      })
      .where(eq(signInThrottles.officerId, officer.id));
    expect((await login(officer.username, 'wrong-password', address)).statusCode).toBe(401);
    const after = await counter(officer.id, address);
    expect(after?.failures).toBeCloseTo(3 / 4 + 1, 2);
    expect(after?.waitSeconds).toBeNull();
    expect((await login(officer.username, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('past the account-wide threshold (many addresses), every address waits, the officer too', async () => {
    const officer = await createOfficer(ctx);
    // As if many addresses had failed just now: one failure short of the account's threshold.
    await ctx.db.insert(signInThrottles).values({
      subject: throttleSubject(officer.id, ''),
      address: EVERY_ADDRESS,
      officerId: officer.id,
      failures: SIGN_IN_THROTTLE.accountFreeFailures - 1,
      lastFailedAt: sql`now()`,
    });
    expect((await login(officer.username, 'wrong-password', '203.0.113.50')).statusCode).toBe(401);
    expect((await counter(officer.id, EVERY_ADDRESS))?.waitSeconds).toBeGreaterThan(0.5);
    await holdWait(officer.id, EVERY_ADDRESS);
    expect((await login(officer.username, TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(401);
    await endWait(officer.id, EVERY_ADDRESS);
    expect((await login(officer.username, TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });
});
