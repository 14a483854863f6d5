import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { bankStatementLines } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { matchStatementLines } from './service';
import { createBankAccount, insertLines, insertPaidPayment, uniqueRrr } from './testing';

/**
 * Matching jobs at once (docs/bank-matching.md "Batches"): two accounts' batches, and two jobs
 * over the same lines, all wanting the same payments. Each payment is matched once, to one
 * credit; nothing fails. On PostgreSQL the four jobs run on their own connections at once (the
 * advisory lock `bank-statement-matching` makes one batch wait for the other; without it the
 * second batch would not see the first's matches and the unique index on `payment_id` would
 * fail it); on PGlite they queue on its one connection. The jobs' batches are short, so they
 * do not always overlap in time: this guards the outcome, it does not force the race (taking
 * the lock out did not fail it in two runs). Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
const actor = systemActor('system');
/** Enough pairs that the jobs' batches overlap in time. */
const PAIRS = 40;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('matching jobs at once', () => {
  it('two accounts and two jobs over the same lines claim each payment once', async () => {
    const mda = await createMda(ctx);
    const own = await createBankAccount(ctx.db, { mdaId: mda.id });
    const general = await createBankAccount(ctx.db, { mdaId: null });
    const day = '2026-04-14';
    // PAIRS payments named by RRR and PAIRS of an amount of their own, each shown by a credit
    // on both accounts (a payer who paid into the wrong account, the bank's mistake…).
    const byRrr: { id: string; rrr: string; amountKobo: number }[] = [];
    const byAmount: { id: string; amountKobo: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const rrr = uniqueRrr();
      const amountKobo = 1_000_000 + i * 1_001;
      byRrr.push({
        ...(await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo, day, rrr })),
        rrr,
        amountKobo,
      });
      const odd = 3_000_017 + i * 7_919;
      byAmount.push({
        ...(await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: odd, day })),
        amountKobo: odd,
      });
    }
    const linesOf = (accountId: string) =>
      insertLines(ctx.db, accountId, [
        ...byRrr.map((p) => ({
          valueDate: day,
          amountKobo: p.amountKobo,
          narration: `RRR ${p.rrr} LAND USE`,
        })),
        ...byAmount.map((p) => ({
          valueDate: day,
          amountKobo: p.amountKobo,
          narration: 'TRANSFER FROM PAYER',
        })),
      ]);
    const ownLines = await linesOf(own.id);
    const generalLines = await linesOf(general.id);

    const jobs = await Promise.allSettled([
      matchStatementLines(ctx.db, actor, own.id, ownLines),
      matchStatementLines(ctx.db, actor, general.id, generalLines),
      matchStatementLines(ctx.db, actor, own.id, [...ownLines].reverse()),
      matchStatementLines(ctx.db, actor, general.id, generalLines),
    ]);
    expect(jobs.filter((j) => j.status === 'rejected')).toEqual([]);

    const lines = await ctx.db
      .select()
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.id, [...ownLines, ...generalLines]));
    const holders = new Map<string, number>();
    for (const line of lines) {
      if (line.paymentId) holders.set(line.paymentId, (holders.get(line.paymentId) ?? 0) + 1);
    }
    // Every payment is held, and by one credit only.
    for (const p of [...byRrr, ...byAmount]) expect(holders.get(p.id), p.id).toBe(1);
    expect(lines.filter((l) => l.state === 'matched')).toHaveLength(2 * PAIRS);
    // The other credit of each pair is left for an officer, holding nothing.
    const left = lines.filter((l) => l.state !== 'matched');
    expect(left).toHaveLength(2 * PAIRS);
    expect(left.every((l) => l.paymentId === null && l.state === 'unmatched')).toBe(true);
  });
});
