import { describe, expect, it } from 'vitest';
import { addFigures, type DaySums, figuresOf, NONE } from './figures';

/** The reconciliation's arithmetic on hand-made sums. */

const day = (over: Partial<DaySums['credits']>, linked = NONE, unlinked = NONE): DaySums => ({
  credits: { matched: NONE, ambiguous: NONE, unmatched: NONE, 'not-revenue': NONE, ...over },
  linkedPayments: linked,
  unlinkedPayments: unlinked,
});

describe('figuresOf', () => {
  it('bank equals ledger when every credit is matched and every payment held', () => {
    const f = figuresOf(
      day({ matched: { count: 3, amountKobo: 900_000 } }, { count: 3, amountKobo: 900_000 }),
    );
    expect(f).toEqual({
      bankCredits: { count: 3, amountKobo: 900_000 },
      notRevenue: NONE,
      ledgerPayments: { count: 3, amountKobo: 900_000 },
      matched: { count: 3, amountKobo: 900_000 },
      unmatchedBank: NONE,
      unmatchedLedger: NONE,
      differenceKobo: 0,
    });
  });

  it('a split credit: two lines, one payment, no difference', () => {
    const f = figuresOf(
      day({ matched: { count: 2, amountKobo: 1_000_000 } }, { count: 1, amountKobo: 1_000_000 }),
    );
    expect(f.differenceKobo).toBe(0);
    expect(f.bankCredits.count).toBe(2);
    expect(f.ledgerPayments.count).toBe(1);
  });

  it('says why not: unmatched on each side, not revenue left out', () => {
    const f = figuresOf(
      day(
        {
          matched: { count: 2, amountKobo: 700_000 },
          unmatched: { count: 1, amountKobo: 150_000 },
          ambiguous: { count: 1, amountKobo: 50_000 },
          'not-revenue': { count: 1, amountKobo: 999_999 },
        },
        { count: 2, amountKobo: 700_000 },
        { count: 3, amountKobo: 120_000 },
      ),
    );
    expect(f.bankCredits).toEqual({ count: 5, amountKobo: 1_899_999 });
    expect(f.unmatchedBank).toEqual({ count: 2, amountKobo: 200_000 });
    expect(f.ledgerPayments).toEqual({ count: 5, amountKobo: 820_000 });
    expect(f.unmatchedLedger).toEqual({ count: 3, amountKobo: 120_000 });
    // Revenue 900,000 − ledger 820,000: the unmatched credits (200,000) less the unmatched payments (120,000).
    expect(f.differenceKobo).toBe(80_000);
    expect(f.differenceKobo).toBe(f.unmatchedBank.amountKobo - f.unmatchedLedger.amountKobo);
  });

  it('a matched credit whose payment was reversed in the ledger shows as a difference', () => {
    const f = figuresOf(day({ matched: { count: 1, amountKobo: 500_000 } }));
    expect(f.differenceKobo).toBe(500_000);
  });

  it('adds days into the range’s totals', () => {
    const a = figuresOf(day({ unmatched: { count: 1, amountKobo: 100 } }));
    const b = figuresOf(day({}, NONE, { count: 2, amountKobo: 300 }));
    expect(addFigures([a, b])).toMatchObject({
      bankCredits: { count: 1, amountKobo: 100 },
      ledgerPayments: { count: 2, amountKobo: 300 },
      differenceKobo: -200,
    });
  });
});
