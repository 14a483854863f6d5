import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import { outcomeOf } from '../testing/outcomes';
import {
  JSON_BODY_LIMIT_BYTES,
  NOTIFICATION_BODY_LIMIT_BYTES,
  uploadBodyLimit,
} from './bodyLimits';

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  officer = await signInAs(ctx, 'ADMIN');
});
afterAll(() => ctx.close());

const login = (payload: string | Readable, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

/** A sign-in body of about `bytes` bytes. */
const loginBodyOf = (bytes: number) =>
  JSON.stringify({ username: 'someone', password: 'x'.repeat(bytes) });

describe('JSON routes take 64 KB at most (ADR 0014)', () => {
  it('a body over the limit is refused with 413, in the error shape and in words', async () => {
    const res = await login(loginBodyOf(JSON_BODY_LIMIT_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'The request is larger than 64 KB, the most this address accepts. Send less at a time, or a smaller file.',
      },
    });
  });

  it('so is one sent in chunks, without a Content-Length', async () => {
    const res = await login(Readable.from([loginBodyOf(JSON_BODY_LIMIT_BYTES + 1)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('larger than 64 KB');
  });

  it('a body just under the limit is read (and judged on its content)', async () => {
    const res = await login(loginBodyOf(JSON_BODY_LIMIT_BYTES - 100));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
  });
});

describe('routes that take more declare it where they are', () => {
  const notify = (payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it("Remita's notifications take up to 1 MB: more than a form, less than a flood", async () => {
    // Past 64 KB but within the route's own limit: read, and its one malformed item refused
    // alone while the push is answered as Remita expects (ADR 0021).
    const large = JSON.stringify([{ rrr: 'not an RRR', note: 'x'.repeat(200 * 1024) }]);
    const read = await notify(large);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('OK');
    const tooLarge = JSON.stringify([
      { rrr: '1', note: 'x'.repeat(NOTIFICATION_BODY_LIMIT_BYTES) },
    ]);
    const refused = await notify(tooLarge);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toContain('larger than 1 MB');
  });

  it('an upload far over its file size is refused before it is read, naming the limit', async () => {
    const limit = uploadBodyLimit(2 * 1024 * 1024);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profile/photo',
      headers: {
        ...officer.bearer,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(limit + 1),
      },
      payload: Buffer.alloc(limit + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The request is larger than 2.6 MB, the most this address accepts. Send less at a time, or a smaller file.',
    });
  });
});
