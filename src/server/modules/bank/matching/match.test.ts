import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  type MatchLine,
  type MatchPayment,
  matchLines,
  receiptNumbersIn,
  rrrsIn,
} from './match';

/** The matcher on hand-made statements: each rule, the ambiguous case, a split, a reversal. */

const MDA = 'mda-a';
const OTHER_MDA = 'mda-b';

function credit(id: string, valueDate: string, amountKobo: number, narration: string): MatchLine {
  return {
    id,
    direction: 'credit',
    bankReference: `FT${id.toUpperCase()}0001`,
    valueDate,
    amountKobo,
    narration,
    state: 'unmatched',
    decidedByOfficer: false,
    paymentId: null,
  };
}

function debit(id: string, valueDate: string, amountKobo: number, narration: string): MatchLine {
  return { ...credit(id, valueDate, amountKobo, narration), direction: 'debit', state: null };
}

function payment(id: string, over: Partial<MatchPayment> = {}): MatchPayment {
  return {
    id,
    amountKobo: 500_000,
    mdaId: MDA,
    paymentDate: '2026-03-02',
    rrr: null,
    receiptNumber: null,
    status: 'paid',
    channel: 'remita',
    ...over,
  };
}

function run(
  lines: MatchLine[],
  payments: MatchPayment[],
  extra: Partial<{ mdaId: string | null; taken: Set<string> }> = {},
) {
  return matchLines({
    lines,
    payments,
    taken: extra.taken ?? new Set(),
    mdaId: extra.mdaId === undefined ? MDA : extra.mdaId,
    windowDays: 3,
  });
}

describe('references in a narration', () => {
  it('reads RRRs with or without dashes, and not from longer digit runs', () => {
    expect(rrrsIn('REMITA 2704-1234-5678 ADA OBI')).toEqual(['270412345678']);
    expect(rrrsIn('RRR:270412345678/TAX')).toEqual(['270412345678']);
    expect(rrrsIn('ACCT 1234567890123 TRF')).toEqual([]);
  });

  it('reads receipt numbers in capitals', () => {
    expect(receiptNumbersIn('pymt birs/2026/0000042 thanks')).toEqual(['BIRS/2026/0000042']);
    expect(receiptNumbersIn('BIRS/26/42')).toEqual([]);
  });

  it('counts days across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });
});

describe('matchLines', () => {
  it('rule 1: an RRR in the narration names a payment of the same amount', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'REMITA/2704-1234-5678/ADA OBI')],
      // Another MDA's and outside the window: the RRR names it all the same.
      [payment('p1', { rrr: '270412345678', mdaId: OTHER_MDA, paymentDate: '2026-02-01' })],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'matched', paymentId: 'p1', rule: 'rrr-in-narration' },
    ]);
  });

  it('rule 2: a receipt number in the narration', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'TRF FROM ADA OBI BIRS/2026/0000042')],
      [payment('p1', { receiptNumber: 'BIRS/2026/0000042', channel: 'bank' })],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'matched', paymentId: 'p1', rule: 'receipt-in-narration' },
    ]);
  });

  it('a reference whose payment has another amount falls to the amount-and-date rule', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 400_000, 'RRR 270412345678')],
      [
        payment('p1', { rrr: '270412345678', amountKobo: 300_000 }),
        payment('p2', { amountKobo: 400_000 }),
      ],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'matched', paymentId: 'p2', rule: 'amount-and-date' },
    ]);
  });

  it('rule 3: the one payment of the amount, of the MDA, within the window', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'CASH DEPOSIT ADA')],
      [
        payment('p1', { paymentDate: '2026-03-01' }),
        payment('far', { paymentDate: '2026-02-26' }), // 5 days before
        payment('other-mda', { mdaId: OTHER_MDA }),
        payment('pos', { channel: 'pos' }),
        payment('manual', { channel: 'manual' }),
        payment('reversed', { status: 'reversed' }),
        payment('other-amount', { amountKobo: 500_001 }),
      ],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'matched', paymentId: 'p1', rule: 'amount-and-date' },
    ]);
  });

  it('rule 3 skips a payment another credit already holds', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'CASH DEPOSIT')],
      [payment('p1')],
      { taken: new Set(['p1']) },
    );
    expect(decisions).toEqual([{ lineId: 'a', state: 'unmatched' }]);
  });

  it('a general account takes payments of any MDA', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'CASH DEPOSIT')],
      [payment('p1', { mdaId: OTHER_MDA })],
      { mdaId: null },
    );
    expect(decisions[0]).toMatchObject({ state: 'matched', paymentId: 'p1' });
  });

  it('several candidates: ambiguous, nearest day first', () => {
    const { decisions } = run(
      [credit('a', '2026-03-03', 500_000, 'CASH DEPOSIT')],
      [
        payment('p-far', { paymentDate: '2026-03-01' }),
        payment('p-near', { paymentDate: '2026-03-03' }),
      ],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'ambiguous', candidatePaymentIds: ['p-near', 'p-far'] },
    ]);
  });

  it('two credits wanting the one payment are both ambiguous', () => {
    const { decisions } = run(
      [
        credit('a', '2026-03-03', 500_000, 'DEPOSIT ONE'),
        credit('b', '2026-03-04', 500_000, 'DEPOSIT TWO'),
      ],
      [payment('p1')],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'ambiguous', candidatePaymentIds: ['p1'] },
      { lineId: 'b', state: 'ambiguous', candidatePaymentIds: ['p1'] },
    ]);
  });

  it('a payment claimed by a reference is no candidate for the amount rule', () => {
    const { decisions } = run(
      [
        credit('a', '2026-03-03', 500_000, 'DEPOSIT'),
        credit('b', '2026-03-03', 500_000, 'RRR 270412345678'),
      ],
      [payment('p1', { rrr: '270412345678' })],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'unmatched' },
      { lineId: 'b', state: 'matched', paymentId: 'p1', rule: 'rrr-in-narration' },
    ]);
  });

  it('no candidate: unmatched', () => {
    const { decisions } = run([credit('a', '2026-03-03', 123_400, 'TRANSFER')], [payment('p1')]);
    expect(decisions).toEqual([{ lineId: 'a', state: 'unmatched' }]);
  });

  it('a split credit: two credits of a day carrying the reference add up to the payment', () => {
    const { decisions } = run(
      [
        credit('a', '2026-03-03', 300_000, 'RRR 270412345678 PART 1'),
        credit('b', '2026-03-03', 200_000, 'RRR 2704-1234-5678 PART 2'),
        credit('c', '2026-03-04', 200_000, 'RRR 270412345678 NEXT DAY'),
      ],
      [payment('p1', { rrr: '270412345678', amountKobo: 500_000 })],
    );
    expect(decisions).toEqual([
      { lineId: 'a', state: 'matched', paymentId: 'p1', rule: 'split' },
      { lineId: 'b', state: 'matched', paymentId: 'p1', rule: 'split' },
      { lineId: 'c', state: 'unmatched' },
    ]);
  });

  it('parts that do not add up to the payment are not a split', () => {
    const { decisions } = run(
      [
        credit('a', '2026-03-03', 300_000, 'RRR 270412345678'),
        credit('b', '2026-03-03', 100_000, 'RRR 270412345678'),
      ],
      [payment('p1', { rrr: '270412345678', amountKobo: 500_000 })],
    );
    expect(decisions.map((d) => d.state)).toEqual(['unmatched', 'unmatched']);
  });

  it('a reversal takes its credit out, by the bank reference', () => {
    const { decisions, reversals } = run(
      [
        credit('a', '2026-03-03', 500_000, 'CASH DEPOSIT'),
        debit('r', '2026-03-05', 500_000, 'REVERSAL OF FTA0001'),
      ],
      [payment('p1')],
    );
    expect(decisions).toEqual([
      {
        lineId: 'a',
        state: 'not-revenue',
        rule: 'reversed',
        reason: 'Reversed by the bank on 2026-03-05 (FTR0001).',
        reversedBy: 'r',
      },
    ]);
    expect(reversals).toEqual([{ debitId: 'r', creditId: 'a', creditReference: 'FTA0001' }]);
  });

  it('a reversal gives back the payment an earlier run matched, which another credit then takes', () => {
    const matched: MatchLine = {
      ...credit('a', '2026-03-03', 500_000, 'RRR 270412345678'),
      state: 'matched',
      paymentId: 'p1',
    };
    const { decisions } = run(
      [
        matched,
        debit('r', '2026-03-04', 500_000, 'RVSL RRR 270412345678'),
        credit('b', '2026-03-05', 500_000, 'RRR 270412345678 RESENT'),
      ],
      [payment('p1', { rrr: '270412345678' })],
    );
    expect(decisions).toEqual([
      expect.objectContaining({ lineId: 'a', state: 'not-revenue', rule: 'reversed' }),
      { lineId: 'b', state: 'matched', paymentId: 'p1', rule: 'rrr-in-narration' },
    ]);
  });

  it('leaves a credit an officer decided, and debits that reverse nothing', () => {
    const posted: MatchLine = {
      ...credit('a', '2026-03-03', 500_000, 'DEPOSIT'),
      state: 'matched',
      paymentId: 'p9',
      decidedByOfficer: true,
    };
    const { decisions, reversals } = run(
      [
        posted,
        debit('r', '2026-03-04', 500_000, 'REVERSAL FTA0001'),
        debit('charge', '2026-03-04', 5_000, 'SMS ALERT CHARGES'),
        credit('b', '2026-03-04', 500_000, 'DEPOSIT'),
      ],
      [payment('p9'), payment('p1')],
    );
    expect(reversals).toHaveLength(1);
    expect(decisions).toEqual([
      { lineId: 'b', state: 'matched', paymentId: 'p1', rule: 'amount-and-date' },
    ]);
  });
});
