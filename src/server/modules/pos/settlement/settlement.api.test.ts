import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PosSettlementConfirmAll,
  PosSettlementRowsPage,
  PosSettlementRowView,
} from '../../../../shared/pos/settlement';
import { auditEvents, payments, posTransactions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { createPosWorld, insertPosTransaction, type PosWorld } from '../transactions/testing';
import { SETTLEMENT_HEADER, settlementCsv, uploadSettlement, waitForSettlement } from './testing';

/**
 * The settlement file through the API: each outcome (matched, amount differs, not in RevDesk,
 * not in the file), the result file, confirming a missing row (recorded once, audited), and
 * the files refused whole (422 naming why, nothing kept). Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let benjis: SignedIn;
let world: PosWorld;
const DAY = '2026-04-14';
const at = (time: string) => new Date(`${DAY}T${time}+01:00`);
const seen: Record<string, { id: string; stan: string; rrn: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  benjis = await signInAs(ctx, 'OFFICER_BENJIS');
  world = await createPosWorld(ctx);
  seen.same = await insertPosTransaction(ctx, world, {
    stan: '000101',
    amountKobo: 150_000,
    transactedAt: at('09:00:00'),
  });
  seen.differs = await insertPosTransaction(ctx, world, {
    stan: '000102',
    amountKobo: 200_000,
    transactedAt: at('10:00:00'),
  });
  seen.missingFromFile = await insertPosTransaction(ctx, world, {
    stan: '000103',
    amountKobo: 90_000,
    transactedAt: at('11:00:00'),
  });
  // Declined: not settled by the provider, so never "not in the file".
  await insertPosTransaction(ctx, world, {
    stan: '000104',
    transactedAt: at('12:00:00'),
    state: 'declined',
  });
});

afterAll(async () => {
  await ctx?.close();
});

function fileOf() {
  return settlementCsv([
    {
      terminalId: world.terminalId,
      stan: '101',
      rrn: seen.same?.rrn ?? '',
      amount: '"1,500.00"',
      time: `${DAY} 09:00:00`,
    },
    {
      terminalId: world.terminalId,
      stan: '000102',
      rrn: seen.differs?.rrn ?? '',
      amount: '2100',
      time: `${DAY} 10:00:00`,
    },
    {
      terminalId: world.terminalId,
      stan: '000777',
      rrn: '998877665544',
      amount: '750.50',
      time: `${DAY} 15:30:00`,
      payerName: 'Ayibatonye Koko',
    },
  ]);
}

async function rowsOf(jobId: string): Promise<PosSettlementRowView[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/pos/settlements/${jobId}/rows?pageSize=200`,
    headers: benjis.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PosSettlementRowsPage>().items;
}

describe('a settlement file', () => {
  it('says of each row matched, amount differs or not in RevDesk, and what RevDesk has beyond it', async () => {
    const res = await uploadSettlement(ctx, benjis.bearer, { text: fileOf() });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    const done = await waitForSettlement(ctx, benjis.bearer, jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      total: 3,
      done: 3,
      counts: { matched: 1, amountDiffers: 1, notInRevdesk: 1, notInFile: 1, confirmed: 0 },
      firstDay: DAY,
      lastDay: DAY,
    });
    const rows = await rowsOf(jobId);
    expect(rows.map((r) => [r.lineNumber, r.inFile, r.outcome])).toEqual([
      [2, true, 'matched'],
      [3, true, 'amount-differs'],
      [4, true, 'not-in-revdesk'],
      [5, false, 'not-in-file'],
    ]);
    expect(rows[1]?.message).toMatch(/RevDesk has ₦2,000\.00, the file ₦2,100\.00/);
    expect(rows[3]).toMatchObject({ stan: '000103', transactionId: seen.missingFromFile?.id });

    const result = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pos/settlements/${jobId}/result.csv`,
      headers: benjis.bearer,
    });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-disposition']).toContain('settlement-results.csv');
    const lines = result.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain('not-in-revdesk');
    expect(lines[4]).toContain('not-in-file');

    // Confirming the missing row records it once, by file, audited; a second time is a 409.
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/settlements/${jobId}/rows/4/confirm`,
      headers: benjis.bearer,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ confirmedOutcome: 'recorded' });
    const [recorded] = await ctx.db
      .select()
      .from(posTransactions)
      .where(
        and(eq(posTransactions.terminalId, world.terminalId), eq(posTransactions.stan, '000777')),
      );
    expect(recorded).toMatchObject({ arrival: 'file', state: 'recorded', amountKobo: 75_050 });
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, recorded?.paymentId ?? ''));
    expect(payment).toMatchObject({ channel: 'pos', amountKobo: 75_050 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/settlements/${jobId}/rows/4/confirm`,
      headers: benjis.bearer,
    });
    expect(again.statusCode).toBe(409);
    const notMissing = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/settlements/${jobId}/rows/2/confirm`,
      headers: benjis.bearer,
    });
    expect(notMissing.statusCode).toBe(409);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'pos_settlement.row_confirmed'),
          eq(auditEvents.entityId, jobId),
        ),
      );
    expect(audits).toHaveLength(1);

    // The same file again: line 4 is in RevDesk now, so it matches.
    const second = await uploadSettlement(ctx, benjis.bearer, {
      text: fileOf(),
      fileName: 'again.csv',
    });
    const secondId = second.json<{ jobId: string }>().jobId;
    const secondDone = await waitForSettlement(ctx, benjis.bearer, secondId);
    expect(secondDone.counts).toMatchObject({
      matched: 2,
      amountDiffers: 1,
      notInRevdesk: 0,
      notInFile: 1,
    });
  });

  it('confirms every missing row at once', async () => {
    const text = settlementCsv([
      {
        terminalId: world.terminalId,
        stan: '000901',
        rrn: '111111111901',
        amount: '100',
        time: '2026-04-20 08:00',
      },
      {
        terminalId: world.terminalId,
        stan: '000902',
        rrn: '111111111902',
        amount: '200',
        time: '2026-04-20T09:00:00+01:00',
      },
      {
        terminalId: 'UNKNOWN9',
        stan: '000903',
        rrn: '111111111903',
        amount: '300',
        time: '2026-04-20 10:00',
      },
    ]);
    const res = await uploadSettlement(ctx, benjis.bearer, { text });
    const { jobId } = res.json<{ jobId: string }>();
    await waitForSettlement(ctx, benjis.bearer, jobId);
    const all = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/settlements/${jobId}/confirm`,
      headers: benjis.bearer,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<PosSettlementConfirmAll>()).toEqual({
      confirmed: 3,
      outcomes: { recorded: 2, held: 1 },
      remaining: 0,
    });
  });

  it.each([
    [
      'a wrong header',
      'terminal,stan,rrn,amount,time\nX,1,123456,1,2026-04-14 10:00\n',
      /lacks the columns? terminal_id, transaction_time/,
    ],
    [
      'duplicate rows',
      `${SETTLEMENT_HEADER}\nT1,000001,123456789012,10,2026-04-14 10:00,\nT1,1,123456789013,10,2026-04-14 11:00,\n`,
      /duplicate rows — line 3: repeats line 2/,
    ],
    [
      'a bad amount',
      `${SETTLEMENT_HEADER}\nT1,000001,123456789012,ten,2026-04-14 10:00,\n`,
      /line 2: amount must be/,
    ],
  ])('refuses %s whole (422), keeping nothing', async (_what, text, message) => {
    const res = await uploadSettlement(ctx, benjis.bearer, { text });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses 50,001 rows and a binary file (422)', async () => {
    const line = (i: number) =>
      `T${i % 50},${String(i % 999_999).padStart(6, '0')},${String(100_000_000_000 + i)},10,2026-04-14 10:00,`;
    const big = [SETTLEMENT_HEADER, ...Array.from({ length: 50_001 }, (_, i) => line(i))].join(
      '\n',
    );
    const tooMany = await uploadSettlement(ctx, benjis.bearer, { text: big });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toMatch(/50,001 transactions; at most 50,000/);
    const binary = await uploadSettlement(ctx, benjis.bearer, {
      bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]),
      fileName: 'settlement.csv',
    });
    expect(binary.statusCode).toBe(422);
    expect(binary.json().error.message).toMatch(/binary/);
  });

  it('is 403 to upload without pos:settle and 404 for another officer’s file', async () => {
    const reader = await signInAs(ctx, 'OFFICER_BENJIS_READ');
    const res = await uploadSettlement(ctx, reader.bearer, { text: fileOf() });
    expect(res.statusCode).toBe(403);
    const mine = await uploadSettlement(ctx, benjis.bearer, { text: fileOf() });
    const { jobId } = mine.json<{ jobId: string }>();
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/pos/settlements/${jobId}`,
      headers: reader.bearer,
    });
    expect(theirs.statusCode).toBe(404);
    await waitForSettlement(ctx, benjis.bearer, jobId);
  });
});
