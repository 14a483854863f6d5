import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { createOfficer, TEST_PASSWORD } from '../../testing/factories';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ loginRateLimitPerMinute: 3 });
});
afterAll(() => ctx.close());

describe('sign-in rate limit per address', () => {
  it('answers 429 with Retry-After past the limit, whatever the credentials', async () => {
    const officer = await createOfficer(ctx);
    const attempt = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: officer.username, password },
        remoteAddress: '10.1.2.3',
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const limited = await attempt(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.username, password: TEST_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(200);
  });
});
