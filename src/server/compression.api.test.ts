import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, createRevenueHead } from './modules/payments/testing';
import { createTestContext, type TestContext } from './testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from './testing/factories';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let btins: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  // Enough rows that the page is well over the 1 KB threshold.
  btins = [];
  for (let i = 0; i < 12; i++)
    btins.push((await createTaxpayer(ctx, { lastName: 'Compress' })).btin);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { ...admin.bearer, ...headers } });

describe('API answers are compressed when the client accepts it (docs/architecture.md §9)', () => {
  const LIST = '/api/v1/taxpayers?search=Compress&pageSize=50';

  it('a list answers brotli, gzip or plain JSON as asked, with the same content', async () => {
    const plain = await get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();
    expect(expected.items.map((t: { btin: string }) => t.btin).sort()).toEqual([...btins].sort());

    const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);

    // The headers every answer carries survive compression.
    expect(br.headers['x-request-id']).toBeTruthy();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a small answer goes out as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('a CSV export is compressed; an XLSX export (a zip already) is not', async () => {
    const plainCsv = await get(`${LIST}&format=csv`);
    expect(plainCsv.rawPayload.length).toBeGreaterThan(1024);
    const csv = await get(`${LIST}&format=csv`, { 'accept-encoding': 'br' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(csv.rawPayload).toString('utf8');
    for (const btin of btins) expect(text).toContain(btin);

    const xlsx = await get(`${LIST}&format=xlsx`, { 'accept-encoding': 'br, gzip' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a PDF receipt is not compressed again', async () => {
    const mda = await createMda(ctx, { name: 'Compression Ministry' });
    await createRevenueHead(ctx, mda.id, { code: '12020499', name: 'Fees' });
    const payment = await createPayment(ctx, {
      mdaId: mda.id,
      amountKobo: 500_000,
      btin: btins[0],
      payerName: 'Timi Compress',
      revenueHeadCode: '12020499',
    });
    const pdf = await get(`/api/v1/payments/${payment.id}/receipt.pdf`, {
      'accept-encoding': 'br, gzip',
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an ETag still answers 304 when the body went out compressed', async () => {
    const first = await get('/api/v1/reference/states', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/api/v1/reference/states', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
