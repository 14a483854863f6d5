import { expect } from 'vitest';
import type { PosSettlementView } from '../../../../shared/pos/settlement';
import type { TestContext } from '../../../testing/context';

/** Helpers of the settlement tests (not a test file itself). */

export const SETTLEMENT_HEADER = 'terminal_id,stan,rrn,amount,transaction_time,payer_name';

export type SettlementLineInput = {
  terminalId: string;
  stan: string;
  rrn: string;
  amount: string;
  time: string;
  payerName?: string;
};

export function settlementCsv(lines: readonly SettlementLineInput[], header = SETTLEMENT_HEADER) {
  return `${[
    header,
    ...lines.map((l) =>
      [l.terminalId, l.stan, l.rrn, l.amount, l.time, l.payerName ?? ''].join(','),
    ),
  ].join('\n')}\n`;
}

/** POST /pos/settlements as the page sends it. */
export function uploadSettlement(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  file: { text?: string; bytes?: Buffer; fileName?: string },
) {
  const boundary = '----revdesk-pos-settlement';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName ?? 'settlement.csv'}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes ?? Buffer.from(file.text ?? '', 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pos/settlements',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

export async function getSettlement(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
): Promise<PosSettlementView> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/pos/settlements/${jobId}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PosSettlementView>();
}

/** Polls the settlement as the page does until it has finished. */
export async function waitForSettlement(
  ctx: Pick<TestContext, 'app'>,
  headers: Record<string, string>,
  jobId: string,
  maxPolls = 2_000,
): Promise<PosSettlementView> {
  let last: PosSettlementView | null = null;
  for (let poll = 0; poll < maxPolls; poll += 1) {
    last = await getSettlement(ctx, headers, jobId);
    if (last.status === 'succeeded' || last.status === 'failed') return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`settlement ${jobId} did not finish: ${JSON.stringify(last)}`);
}
