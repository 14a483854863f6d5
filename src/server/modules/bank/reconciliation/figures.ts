import type { CountAndSum, DayFigures } from '../../../../shared/bank/matching';

/**
 * A day's reconciliation from its sums (docs/bank-matching.md "Reconciliation"), kept apart from
 * the queries so the arithmetic is tested on its own.
 *
 * - Bank: every credit of the value date; those marked not revenue are left out of revenue.
 * - Ledger: the paid payments matched (or posted) to the day's credits, plus — for an MDA's
 *   account — the MDA's paid payments of that Lagos day, through a channel that settles into a
 *   bank account, that no credit of any account holds.
 * - Difference: revenue credits minus ledger payments. It is zero when bank equals ledger; else
 *   the unmatched on each side say why (or a matched credit whose payment was since reversed).
 */

export type DaySums = {
  credits: Record<'matched' | 'ambiguous' | 'unmatched' | 'not-revenue', CountAndSum>;
  /** Distinct paid payments the day's credits hold. */
  linkedPayments: CountAndSum;
  /** Payments the day counts that no credit holds. */
  unlinkedPayments: CountAndSum;
};

export const NONE: CountAndSum = { count: 0, amountKobo: 0 };

export function plus(a: CountAndSum, b: CountAndSum): CountAndSum {
  return { count: a.count + b.count, amountKobo: a.amountKobo + b.amountKobo };
}

export function figuresOf(sums: DaySums): DayFigures {
  const { credits } = sums;
  const bankCredits = [
    credits.matched,
    credits.ambiguous,
    credits.unmatched,
    credits['not-revenue'],
  ].reduce(plus, NONE);
  const ledgerPayments = plus(sums.linkedPayments, sums.unlinkedPayments);
  return {
    bankCredits,
    notRevenue: credits['not-revenue'],
    ledgerPayments,
    matched: credits.matched,
    unmatchedBank: plus(credits.unmatched, credits.ambiguous),
    unmatchedLedger: sums.unlinkedPayments,
    differenceKobo:
      bankCredits.amountKobo - credits['not-revenue'].amountKobo - ledgerPayments.amountKobo,
  };
}

/** The range's figures: each count and sum added day by day. */
export function addFigures(days: readonly DayFigures[]): DayFigures {
  const zero: DayFigures = {
    bankCredits: NONE,
    notRevenue: NONE,
    ledgerPayments: NONE,
    matched: NONE,
    unmatchedBank: NONE,
    unmatchedLedger: NONE,
    differenceKobo: 0,
  };
  return days.reduce(
    (total, day) => ({
      bankCredits: plus(total.bankCredits, day.bankCredits),
      notRevenue: plus(total.notRevenue, day.notRevenue),
      ledgerPayments: plus(total.ledgerPayments, day.ledgerPayments),
      matched: plus(total.matched, day.matched),
      unmatchedBank: plus(total.unmatchedBank, day.unmatchedBank),
      unmatchedLedger: plus(total.unmatchedLedger, day.unmatchedLedger),
      differenceKobo: total.differenceKobo + day.differenceKobo,
    }),
    zero,
  );
}
