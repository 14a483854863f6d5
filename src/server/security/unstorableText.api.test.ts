import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCsv } from '../modules/rrrBatches/testing';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import { outcomeOf } from '../testing/outcomes';
import { unstorableTextProblem } from './unstorableText';

/**
 * ADR 0022: a NUL or a lone surrogate anywhere in a request is refused with 422 naming the
 * field, in the one error shape, on public and signed-in routes alike, before the route's schema
 * speaks and long before the database would answer 500.
 */
let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});
afterAll(() => ctx.close());

/** A JSON body as written on the wire, so `\ud800` arrives as the escape and not as U+FFFD. */
const rawJson = (text: string) => ({
  headers: { 'content-type': 'application/json' },
  payload: text,
});

function issueOf(res: { statusCode: number; body: string; json(): unknown }) {
  expect(outcomeOf(res), res.body).toBe('422 VALIDATION_FAILED');
  const body = res.json() as {
    error: { code: string; message: string; details: { issues: unknown[] } };
  };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.details.issues).toHaveLength(1);
  return { message: body.error.message, issue: body.error.details.issues[0] };
}

describe('text the database cannot store', () => {
  it('names a NUL and a lone surrogate, and passes paired surrogates (emoji) and U+FFFD', () => {
    expect(unstorableTextProblem('a\u0000b')).toContain('U+0000');
    expect(unstorableTextProblem('\ud800')).toContain('U+D800');
    expect(unstorableTextProblem('\udc00x')).toContain('U+DC00');
    expect(unstorableTextProblem('x\ud83d')).toContain('U+D83D');
    expect(unstorableTextProblem('Ebiere 😀 \ufffd')).toBeNull();
  });

  it('a public route refuses a NUL in its path without a session', async () => {
    const { issue } = issueOf(await ctx.app.inject({ url: '/api/v1/public/receipts/%00' }));
    expect(issue).toEqual({
      where: 'params',
      path: 'code',
      message: 'must not contain the character U+0000 (NUL)',
    });
  });

  it('sign-in refuses a username holding a NUL or a lone surrogate, before its schema', async () => {
    for (const username of ['\\u0000', 'ab\\ud800', '\\udc00x']) {
      // No password at all: the schema would refuse it, but the username is the worse fault.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        ...rawJson(`{"username":"${username}"}`),
      });
      const { issue } = issueOf(res);
      expect(issue, username).toMatchObject({ where: 'body', path: 'username' });
    }
  });

  it('a signed-in write names the field, however deep, and a key that holds one', async () => {
    const field = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: '{"firstName":"\\udc00x"}',
    });
    expect(issueOf(field).issue).toMatchObject({ where: 'body', path: 'firstName' });
    const key = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: '{"a\\u0000":1}',
    });
    expect(issueOf(key).message).toContain('names a field that must not contain');
  });

  it('the query string and a header some route keeps (User-Agent)', async () => {
    const query = await ctx.app.inject({
      url: '/api/v1/taxpayers?search=a%00b',
      headers: admin.bearer,
    });
    expect(issueOf(query).issue).toMatchObject({ where: 'querystring', path: 'search' });
    const header = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': 'Mozilla\u0000' },
      payload: { username: admin.officer.username, password: admin.officer.password },
    });
    expect(issueOf(header).issue).toMatchObject({ where: 'headers', path: 'user-agent' });
  });

  it('a protected route still answers 401 first to a caller without a session', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/taxpayers?search=a%00b' });
    expect(res.statusCode).toBe(401);
  });

  it('an address the router gives up on stays a 414, whatever its query holds (found by fuzzing)', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/tcc-batches/${'a'.repeat(101)}?x=%00` });
    expect(res.statusCode, res.body).toBe(414);
  });

  it("an upload's text field and file name, and a NUL byte inside the file as that file's fault", async () => {
    const csv = 'rrr\n123456789012\n';
    const mdaField = await uploadCsv(ctx, admin.bearer, { text: csv }, 'mda\u0000');
    expect(issueOf(mdaField).issue).toMatchObject({ where: 'body', path: 'mdaId' });
    const fileName = await uploadCsv(ctx, admin.bearer, { text: csv, fileName: 'r\u0000.csv' });
    expect(issueOf(fileName).issue).toMatchObject({ where: 'body', path: 'file' });
    const inFile = await uploadCsv(ctx, admin.bearer, {
      bytes: Buffer.from('rrr\n1234\u00005678901\n'),
      fileName: 'rrrs.csv',
    });
    expect(outcomeOf(inFile), inFile.body).toBe('422 INVALID_FILE');
    expect(inFile.json().error).toMatchObject({
      code: 'INVALID_FILE',
      message: expect.stringContaining('rrrs.csv is not a CSV file'),
    });
    const surrogateInFile = await uploadCsv(ctx, admin.bearer, {
      bytes: Buffer.from([...Buffer.from('rrr\n'), 0xed, 0xa0, 0x80, 0x0a]),
      fileName: 'rrrs.csv',
    });
    expect(outcomeOf(surrogateInFile), surrogateInFile.body).toBe('422 INVALID_FILE');
    expect(surrogateInFile.json().error.message).toContain('not a UTF-8 text file');
  });
});
