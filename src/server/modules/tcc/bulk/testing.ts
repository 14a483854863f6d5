import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import { TCC_BATCH_REQUIRED_COLUMNS, type TccBatchView } from '../../../../shared/tcc/bulk';
import type { TestContext } from '../../../testing/context';

/** Helpers of the bulk MDA-employee tests (not a test file itself). */

export type PayrollRow = Partial<Record<string, string>> & { btin: string };

/** A payroll CSV in the template's format: every year paid in full unless a row says otherwise. */
export function payrollCsv(rows: readonly PayrollRow[], firstYear = 2023): string {
  const extra = [
    ...new Set(
      rows.flatMap((r) =>
        Object.keys(r).filter(
          (k) => !(TCC_BATCH_REQUIRED_COLUMNS as readonly string[]).includes(k),
        ),
      ),
    ),
  ];
  const header = [...TCC_BATCH_REQUIRED_COLUMNS, ...extra];
  const lines = rows.map((r) => {
    const cells: Record<string, string> = {
      staff_number: `STAFF/${r.btin}`,
      purpose: 'loan',
      source_of_income: 'Salary, Test Ministry',
    };
    for (let n = 1; n <= 3; n += 1) {
      cells[`year_${n}`] = String(firstYear + n - 1);
      cells[`income_${n}`] = '3600000.00';
      cells[`tax_${n}`] = '312000.00';
      cells[`paid_${n}`] = '312000.00';
    }
    const merged = { ...cells, ...r } as Record<string, string>;
    return header.map((name) => merged[name] ?? '');
  });
  return stringify([header, ...lines]);
}

/** POST /tcc-batches as the panel sends it: the MDA first, then the file. */
export function uploadPayroll(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  file: { text?: string; bytes?: Buffer; fileName?: string } | null,
  mdaId?: string,
) {
  const boundary = '----revdesk-tcc-batch-boundary';
  const parts: Buffer[] = [];
  if (mdaId) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mdaId"\r\n\r\n${mdaId}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'payroll.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes ?? Buffer.from(file.text ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tcc-batches',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

export async function getBatch(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
): Promise<TccBatchView> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/tcc-batches/${jobId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TccBatchView>();
}

/** Polls the batch as the panel does until it has finished; every view seen is kept. */
export async function waitForBatch(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
  maxPolls = 2_000,
): Promise<{ batch: TccBatchView; seen: TccBatchView[] }> {
  const seen: TccBatchView[] = [];
  for (let poll = 0; poll < maxPolls; poll += 1) {
    const batch = await getBatch(ctx, headers, jobId);
    seen.push(batch);
    if (batch.status === 'succeeded' || batch.status === 'failed') return { batch, seen };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`batch ${jobId} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

/** A CSV body's lines as cells, header first. */
export function csvCells(body: string): string[][] {
  return parse(body, { bom: true });
}
