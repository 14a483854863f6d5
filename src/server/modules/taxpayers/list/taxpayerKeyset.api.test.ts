import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXPAYER_SORTS, TaxpayerListQuery } from '../../../../shared/taxpayers';
import { systemActor } from '../../../auth/actor';
import { taxpayers } from '../../../db/schema';
import { csvRowsOf } from '../../../export/testing';
import { createDatabaseFileStore } from '../../../files/store';
import { createTestContext, type TestContext } from '../../../testing/context';
import { BAYELSA, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { parseSearchTerm } from '../search/searchTerm';
import { createTaxpayerService } from '../service';
import { taxpayerKeysetPages } from './listQueries';

/**
 * The taxpayer export reads keyset pages (docs/decisions/0029-one-export-path.md): each page is
 * the rows after the last one sent. With three rows a page, names shared by four or five
 * taxpayers and registration times equal or a microsecond apart, every column sort must give
 * the list's own order, complete; a search's best-first order is read by offset.
 */
let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
const SURNAME = 'Keysetbiri';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  const btins: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const made = await createTaxpayer(ctx, {
      firstName: ['Ebi', 'Tari', 'Preye'][i % 3] as string,
      lastName: SURNAME,
      lgaId: BAYELSA.brassLgaId,
    });
    btins.push(made.btin);
  }
  // Registered at the same microsecond (the first five), or a microsecond apart: a cursor
  // carried as a JavaScript Date (milliseconds) would skip or repeat these.
  await ctx.db
    .update(taxpayers)
    .set({ createdAt: sql`'2025-04-01 08:00:00.123456+00'::timestamptz` })
    .where(inArray(taxpayers.btin, btins.slice(0, 5)));
  for (const [i, btin] of btins.slice(5).entries()) {
    await ctx.db
      .update(taxpayers)
      .set({
        createdAt: sql`'2025-04-01 08:00:00.123456+00'::timestamptz + ${`${(i % 3) + 1} microseconds`}::interval`,
      })
      .where(inArray(taxpayers.btin, [btin]));
  }
});

afterAll(async () => {
  await ctx.close();
});

async function listed(filter: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/taxpayers?${filter}&pageSize=200`,
    headers: admin.bearer,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { btin: string }[] }).items.map((item) => item.btin);
}

async function exported(query: Record<string, string>): Promise<string[]> {
  const service = createTaxpayerService({
    db: ctx.db,
    files: createDatabaseFileStore(ctx.db),
    exportPageSize: 3,
  });
  const answer = await service.exportTaxpayers(
    systemActor('cli'),
    TaxpayerListQuery.parse({ ...query, format: 'csv' }) as TaxpayerListQuery & {
      format: 'csv';
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(Buffer.from(chunk as Buffer));
  return csvRowsOf({ rawPayload: Buffer.concat(chunks) }).map((row) => row.BTIN as string);
}

describe('the taxpayer export reads keyset pages', () => {
  it.each(TAXPAYER_SORTS)(
    'sort %s: three a page, the list’s own order, no row twice or missing',
    async (sort) => {
      const filter = { lga: String(BAYELSA.brassLgaId), sort };
      const list = await listed(new URLSearchParams(filter).toString());
      expect(list).toHaveLength(14);
      const file = await exported(filter);
      expect(file).toEqual(list);
      expect(new Set(file).size).toBe(14);
    },
  );

  it('a search: by name in a column order (keyset), and best first (offset)', async () => {
    for (const sort of ['-name', 'relevance'] as const) {
      const filter = { search: SURNAME, sort };
      const list = await listed(new URLSearchParams(filter).toString());
      expect(list).toHaveLength(14);
      const file = await exported(filter);
      expect(file).toEqual(list);
    }
    // No sort named: the list's default, newest first.
    const newest = await listed(`lga=${BAYELSA.brassLgaId}`);
    expect(await exported({ lga: String(BAYELSA.brassLgaId) })).toEqual(newest);
  });

  it('a taxpayer registered while the export reads is not sent twice: pages follow the last row, not an offset', async () => {
    for (let i = 0; i < 6; i += 1) {
      await createTaxpayer(ctx, { lastName: 'Quixwozzle', lgaId: BAYELSA.yenagoaLgaId });
    }
    const before = await listed('search=Quixwozzle&sort=-createdAt');
    expect(before).toHaveLength(6);
    const query = TaxpayerListQuery.parse({ search: 'Quixwozzle', sort: '-createdAt' });
    const pages = taxpayerKeysetPages(
      ctx.db,
      { ...query, search: parseSearchTerm('Quixwozzle') },
      '-createdAt',
    );
    const first = await pages({ limit: 3, after: null });
    // Newest first: this one goes ahead of every row already sent.
    await createTaxpayer(ctx, { lastName: 'Quixwozzle', lgaId: BAYELSA.yenagoaLgaId });
    const second = await pages({ limit: 3, after: first.at(-1)?.btin ?? null });
    expect([...first, ...second].map((row) => row.btin)).toEqual(before);
  });
});
