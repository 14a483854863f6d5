import type { LineRule } from '../../../../shared/bank/matching';

/**
 * The matcher (docs/bank-matching.md): which ledger payment each credit of a bank statement is,
 * decided from the statement lines and the candidate payments alone — no database, no clock —
 * so each rule is tested on hand-made statements. The service (service.ts) loads the lines and
 * the candidates by index and writes the decisions back.
 *
 * In order:
 * 0. A debit that reverses an earlier credit (a reversal word in its narration, and the credit's
 *    bank reference, or the same amount and the same RRR or receipt number) takes that credit
 *    out: it becomes `not-revenue`, rule `reversed`, and gives back any payment it had matched.
 * 1. An RRR in the narration (twelve digits, dashes allowed between groups of four) naming a
 *    paid payment of the same amount: `matched`, rule `rrr-in-narration`.
 * 2. A receipt number in the narration (`<prefix>/<year>/<sequence>`, ledger.ts
 *    formatReceiptNumber) naming a paid payment of the same amount: rule `receipt-in-narration`.
 *    A split credit: when the named payment is larger than the credit, the credits of the same
 *    account and value date carrying the same reference, taken together, must add up to the
 *    payment exactly; then each is `matched` to it, rule `split`.
 * 3. The amount and value date: the paid payments of the same amount, of the account's MDA (any
 *    MDA for a general account), paid within `windowDays` days either side of the value date,
 *    through a channel that settles into a bank account, and matched to no other credit. One
 *    candidate, and no other credit being matched wants it: `matched`, rule `amount-and-date`.
 *    Several: `ambiguous`, with the candidates, for an officer to pick. None: `unmatched`.
 */

/** The ledger channels whose money reaches a collection account one payment at a time. */
export const BANK_SETTLED_CHANNELS = ['remita', 'card', 'bank'] as const;

/**
 * Three days either side: Remita settles a payment into the collection account the next working
 * day, so a Friday payment shows on Monday's statement; a wider window finds more payments of a
 * common amount (₦5,000.00 fees) and turns clear matches ambiguous.
 */
export const DEFAULT_MATCH_WINDOW_DAYS = 3;

export type MatchLine = {
  id: string;
  direction: 'credit' | 'debit';
  bankReference: string;
  /** YYYY-MM-DD */
  valueDate: string;
  amountKobo: number;
  narration: string;
  /** A credit's standing now (null for a debit). */
  state: 'matched' | 'ambiguous' | 'unmatched' | 'not-revenue' | null;
  /**
   * An officer decided it (posted, picked, marked not revenue, undid): the matcher leaves it as
   * it is, even when the bank reverses it — the reconciliation shows that for the officer.
   */
  decidedByOfficer: boolean;
  /** The payment it holds now (an automatic match a reversal gives back). */
  paymentId: string | null;
};

export type MatchPayment = {
  id: string;
  amountKobo: number;
  mdaId: string;
  /** The Lagos day it counts on (payments.payment_date). */
  paymentDate: string;
  rrr: string | null;
  receiptNumber: string | null;
  status: string;
  channel: string;
};

export type MatchInput = {
  lines: readonly MatchLine[];
  payments: readonly MatchPayment[];
  /** Payments already matched or posted to a credit not among the open lines. */
  taken: ReadonlySet<string>;
  /** The account's MDA; null for a general account. */
  mdaId: string | null;
  windowDays: number;
};

export type MatchDecision =
  | { lineId: string; state: 'matched'; paymentId: string; rule: LineRule }
  | { lineId: string; state: 'ambiguous'; candidatePaymentIds: string[] }
  | { lineId: string; state: 'unmatched' }
  | { lineId: string; state: 'not-revenue'; rule: 'reversed'; reason: string; reversedBy: string };

/** What a reversing debit is marked with: the credit it reversed. */
export type ReversalNote = { debitId: string; creditId: string; creditReference: string };

export type MatchResult = { decisions: MatchDecision[]; reversals: ReversalNote[] };

const RRR_PATTERN = /(?<![0-9])([0-9]{4})-?([0-9]{4})-?([0-9]{4})(?![0-9])/g;
const RECEIPT_PATTERN = /(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*\/[0-9]{4}\/[0-9]{7,})(?![0-9])/g;
const REVERSAL_PATTERN = /\b(reversal|reversed|rvsl|rev)\b/i;

/** The RRRs a narration carries, without dashes. */
export function rrrsIn(narration: string): string[] {
  return unique([...narration.matchAll(RRR_PATTERN)].map((m) => `${m[1]}${m[2]}${m[3]}`));
}

/** The receipt numbers a narration carries, in capitals as the ledger gives them. */
export function receiptNumbersIn(narration: string): string[] {
  return unique([...narration.matchAll(RECEIPT_PATTERN)].map((m) => (m[1] ?? '').toUpperCase()));
}

export function isReversalNarration(narration: string): boolean {
  return REVERSAL_PATTERN.test(narration);
}

/** Whole days from `a` to `b` (YYYY-MM-DD each). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function referencesOf(line: MatchLine): string[] {
  return [...rrrsIn(line.narration), ...receiptNumbersIn(line.narration)];
}

function byDayAndReference(a: MatchLine, b: MatchLine): number {
  return a.valueDate === b.valueDate
    ? a.bankReference.localeCompare(b.bankReference)
    : a.valueDate.localeCompare(b.valueDate);
}

/**
 * A debit's target: the credit whose bank reference its narration names; else the one credit on
 * or before it of the same amount sharing an RRR or receipt number with it (the latest).
 */
function reversedCredit(
  debit: MatchLine,
  credits: readonly MatchLine[],
  used: ReadonlySet<string>,
): MatchLine | undefined {
  const words = debit.narration.toUpperCase();
  const eligible = credits.filter(
    (c) => !used.has(c.id) && c.valueDate <= debit.valueDate && c.amountKobo === debit.amountKobo,
  );
  const byReference = eligible.find(
    (c) => c.bankReference.length >= 6 && words.includes(c.bankReference.toUpperCase()),
  );
  if (byReference) return byReference;
  const refs = new Set(referencesOf(debit));
  if (refs.size === 0) return undefined;
  const sharing = eligible
    .filter((c) => referencesOf(c).some((r) => refs.has(r)))
    .sort(byDayAndReference);
  return sharing.at(-1);
}

export function matchLines(input: MatchInput): MatchResult {
  const credits = input.lines.filter((l) => l.direction === 'credit');
  const decisions = new Map<string, MatchDecision>();
  const reversals: ReversalNote[] = [];

  // 0. Reversals, oldest debit first, each debit taking one credit and each credit reversed once.
  const reversed = new Set<string>();
  const debits = input.lines
    .filter((l) => l.direction === 'debit' && isReversalNarration(l.narration))
    .sort(byDayAndReference);
  for (const debit of debits) {
    const credit = reversedCredit(debit, credits, reversed);
    if (!credit) continue;
    reversed.add(credit.id);
    reversals.push({
      debitId: debit.id,
      creditId: credit.id,
      creditReference: credit.bankReference,
    });
    if (!credit.decidedByOfficer && credit.state !== 'not-revenue') {
      decisions.set(credit.id, {
        lineId: credit.id,
        state: 'not-revenue',
        rule: 'reversed',
        reason: `Reversed by the bank on ${debit.valueDate} (${debit.bankReference}).`,
        reversedBy: debit.id,
      });
    }
  }

  // Open: a credit the rules below may decide — unmatched or ambiguous, no officer's decision.
  const isOpen = (l: MatchLine) =>
    !l.decidedByOfficer && (l.state === 'unmatched' || l.state === 'ambiguous');
  // Payments held by a credit that keeps them (one a reversal takes out gives its payment back).
  const taken = new Set(input.taken);
  for (const line of credits) {
    if (line.paymentId && !decisions.has(line.id)) taken.add(line.paymentId);
  }
  const byRrr = new Map(input.payments.filter((p) => p.rrr).map((p) => [p.rrr as string, p]));
  const byReceipt = new Map(
    input.payments.filter((p) => p.receiptNumber).map((p) => [p.receiptNumber as string, p]),
  );
  const paid = (p: MatchPayment | undefined): p is MatchPayment =>
    p !== undefined && p.status === 'paid' && !taken.has(p.id);

  const open = credits.filter((l) => isOpen(l) && !reversed.has(l.id)).sort(byDayAndReference);

  // 1 and 2. A reference in the narration; a split when the credits carrying it add up.
  for (const line of open) {
    if (decisions.has(line.id)) continue;
    const rrrs = rrrsIn(line.narration);
    const receipts = receiptNumbersIn(line.narration);
    const named: Array<[MatchPayment | undefined, LineRule, string]> = [
      ...rrrs.map((r): [MatchPayment | undefined, LineRule, string] => [
        byRrr.get(r),
        'rrr-in-narration',
        r,
      ]),
      ...receipts.map((r): [MatchPayment | undefined, LineRule, string] => [
        byReceipt.get(r),
        'receipt-in-narration',
        r,
      ]),
    ];
    for (const [payment, rule, reference] of named) {
      if (!paid(payment)) continue;
      if (payment.amountKobo === line.amountKobo) {
        decisions.set(line.id, { lineId: line.id, state: 'matched', paymentId: payment.id, rule });
        taken.add(payment.id);
        break;
      }
      if (payment.amountKobo > line.amountKobo) {
        const parts = open.filter(
          (l) =>
            l.valueDate === line.valueDate &&
            !decisions.has(l.id) &&
            referencesOf(l).includes(reference),
        );
        const sum = parts.reduce((s, l) => s + l.amountKobo, 0);
        if (parts.length >= 2 && sum === payment.amountKobo) {
          for (const part of parts) {
            decisions.set(part.id, {
              lineId: part.id,
              state: 'matched',
              paymentId: payment.id,
              rule: 'split',
            });
          }
          taken.add(payment.id);
          break;
        }
      }
    }
  }

  // 3. Amount and value date, among payments no reference claimed.
  const rest = open.filter((l) => !decisions.has(l.id));
  const candidatesOf = new Map<string, MatchPayment[]>();
  const wanted = new Map<string, number>();
  for (const line of rest) {
    const candidates = input.payments
      .filter(
        (p) =>
          paid(p) &&
          p.amountKobo === line.amountKobo &&
          (input.mdaId === null || p.mdaId === input.mdaId) &&
          (BANK_SETTLED_CHANNELS as readonly string[]).includes(p.channel) &&
          Math.abs(daysBetween(p.paymentDate, line.valueDate)) <= input.windowDays,
      )
      .sort(
        (a, b) =>
          Math.abs(daysBetween(a.paymentDate, line.valueDate)) -
            Math.abs(daysBetween(b.paymentDate, line.valueDate)) || a.id.localeCompare(b.id),
      );
    candidatesOf.set(line.id, candidates);
    for (const c of candidates) wanted.set(c.id, (wanted.get(c.id) ?? 0) + 1);
  }
  for (const line of rest) {
    const candidates = candidatesOf.get(line.id) ?? [];
    const [only] = candidates;
    if (candidates.length === 1 && only && wanted.get(only.id) === 1) {
      decisions.set(line.id, {
        lineId: line.id,
        state: 'matched',
        paymentId: only.id,
        rule: 'amount-and-date',
      });
    } else if (candidates.length > 0) {
      decisions.set(line.id, {
        lineId: line.id,
        state: 'ambiguous',
        candidatePaymentIds: candidates.map((c) => c.id),
      });
    } else {
      decisions.set(line.id, { lineId: line.id, state: 'unmatched' });
    }
  }
  return {
    decisions: credits.flatMap((l) => {
      const decision = decisions.get(l.id);
      return decision ? [decision] : [];
    }),
    reversals,
  };
}
