import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { JobView } from '../../../shared/payments';
import { addSimInvoice, type RemitaMda } from '../../integrations/remita/testing';
import type { TestContext } from '../../testing/context';

/** Helpers of the batch check tests (not a test file itself). */

/** An RRR the simulator raised for the MDA, in the state the test needs. */
export function simRrr(
  ctx: Pick<TestContext, 'simulators'>,
  mda: RemitaMda,
  /** Any code the simulator is to answer, one no table lists included. */
  statusCode: string,
  amountKobo = 250_000,
): string {
  return addSimInvoice(ctx, mda, { amountKobo, statusCode }).rrr;
}

/** POST /remita/rrr/status-batch as the dialog sends it: the file, then the chosen MDA. */
export function uploadCsv(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  file: { text?: string; bytes?: Buffer; fileName?: string } | null,
  mdaId?: string,
) {
  const boundary = '----revdesk-batch-boundary';
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'rrrs.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes ?? Buffer.from(file.text ?? '', 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  if (mdaId) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mdaId"\r\n\r\n${mdaId}\r\n`,
      ),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/rrr/status-batch',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

export async function getJob(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
): Promise<JobView> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/jobs/${jobId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JobView>();
}

/**
 * Polls the job as the dialog does until it has finished; every view seen on the way is kept
 * so a test can look at the progress. Gives up after `maxPolls` (a stuck job fails the test).
 */
export async function waitForJob(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
  options: { intervalMs?: number; maxPolls?: number } = {},
): Promise<{ job: JobView; seen: JobView[] }> {
  const seen: JobView[] = [];
  for (let poll = 0; poll < (options.maxPolls ?? 2_000); poll += 1) {
    const job = await getJob(ctx, headers, jobId);
    seen.push(job);
    if (job.status === 'succeeded' || job.status === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
  throw new Error(`job ${jobId} did not finish: ${JSON.stringify(seen.at(-1))}`);
}

/** The result CSV's lines as cells, header first. */
export function csvCells(body: string): string[][] {
  return parse(body, { bom: true });
}
