import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officers } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createOfficer, TEST_PASSWORD } from '../../testing/factories';

/**
 * A password check that fails inside argon2 (here: a stored hash argon2 cannot decode) refuses
 * the sign-in as a wrong password and is logged with the officer's id, never dropped
 * (auth/passwords.ts). Read from the app's own logger, as the request log's tests read it.
 */

const lines: string[] = [];
const destination = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  // Production writes JSON lines, which this test reads.
  ctx = await createTestContext(
    { env: 'production', logLevel: 'info' },
    { logDestination: destination },
  );
});
afterAll(() => ctx.close());

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a password check that fails inside argon2', () => {
  it('refuses the sign-in (401) and writes an error line with the officer id, no secret', async () => {
    const officer = await createOfficer(ctx);
    const brokenHash = '$argon2id$v=19$m=19456,t=2,p=1$not-a-salt';
    await ctx.db
      .update(officers)
      .set({ passwordHash: brokenHash })
      .where(eq(officers.id, officer.id));
    lines.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.username, password: TEST_PASSWORD },
      remoteAddress: '10.31.0.1',
    });
    expect(res.statusCode).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));
    const failure = entries().find((e) => String(e.msg).startsWith('the password check failed'));
    expect(failure).toMatchObject({
      level: 50,
      officerId: officer.id,
      err: { message: 'Decoding failed' },
    });
    const text = lines.join('\n');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain('not-a-salt');
  });

  it('writes nothing of the kind for a plain wrong password', async () => {
    const officer = await createOfficer(ctx);
    lines.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: officer.username, password: 'not-the-password-1' },
      remoteAddress: '10.31.0.2',
    });
    expect(res.statusCode).toBe(401);
    await new Promise((resolve) => setImmediate(resolve));
    expect(entries().some((e) => String(e.msg).startsWith('the password check failed'))).toBe(
      false,
    );
  });
});
