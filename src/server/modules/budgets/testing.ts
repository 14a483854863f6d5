import { expect } from 'vitest';
import type { BudgetImportView } from '../../../shared/budgets/views';
import { mdaRevenueHeads } from '../../db/schema';
import type { TestContext } from '../../testing/context';
import { createMda } from '../../testing/factories';

/** Helpers of the budget tests (not a test file itself). */

export type BudgetWorld = {
  alpha: { id: string; code: string; name: string; heads: string[] };
  beta: { id: string; code: string; name: string; heads: string[] };
};

/** Two MDAs with two revenue heads each (Beta's second code is Alpha's first). */
export async function createBudgetWorld(ctx: Pick<TestContext, 'db'>): Promise<BudgetWorld> {
  const alpha = await createMda(ctx, { name: 'Budget Alpha Ministry' });
  const beta = await createMda(ctx, { name: 'Budget Beta Board' });
  const heads = { alpha: ['12020401', '12020402'], beta: ['12020501', '12020401'] };
  await ctx.db
    .insert(mdaRevenueHeads)
    .values([
      ...heads.alpha.map((code) => ({ mdaId: alpha.id, code, name: `Alpha head ${code}` })),
      ...heads.beta.map((code) => ({ mdaId: beta.id, code, name: `Beta head ${code}` })),
    ]);
  return { alpha: { ...alpha, heads: heads.alpha }, beta: { ...beta, heads: heads.beta } };
}

export function csvOf(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join('\n')}\n`;
}

/** POST /budgets/{year}/import as the page sends it: the file, then the note. */
export function importBudget(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  year: number,
  file: { text?: string; bytes?: Buffer; fileName?: string },
  note?: string,
) {
  const boundary = '----revdesk-budget-import';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'budget.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes ?? Buffer.from(file.text ?? '', 'utf8'),
    Buffer.from(
      note === undefined
        ? `\r\n--${boundary}--\r\n`
        : `\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${note}\r\n--${boundary}--\r\n`,
    ),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/budgets/${year}/import`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** Polls the import as the page does until it has finished. */
export async function waitForImport(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  year: number,
  jobId: string,
  maxPolls = 2_000,
): Promise<BudgetImportView> {
  let last: BudgetImportView | null = null;
  for (let poll = 0; poll < maxPolls; poll += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/budgets/${year}/imports/${jobId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    last = res.json<BudgetImportView>();
    if (last.status === 'succeeded' || last.status === 'failed') return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`budget import ${jobId} did not finish: ${JSON.stringify(last)}`);
}
