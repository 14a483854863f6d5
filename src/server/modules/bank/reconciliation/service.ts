import {
  type CountAndSum,
  type DayFigures,
  type ReconciliationDay,
  type ReconciliationView,
  type SignOffInput,
  type SignOffView,
  UNMATCHED_PAYMENTS_SHOWN,
  type UnmatchedPaymentList,
} from '../../../../shared/bank/matching';
import { addDays, todayInLagos } from '../../../../shared/dates';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import type { AccountRow } from '../lines/queries';
import { accountByNumber } from '../lines/service';
import { addFigures, type DaySums, figuresOf, NONE } from './figures';
import {
  findMdaName,
  insertSignOff,
  selectCreditSums,
  selectLedgerExpectation,
  selectLinkedPaymentSums,
  selectSignOffs,
  selectUnlinkedPaymentSums,
  selectUnlinkedPayments,
} from './queries';
import type { StoredSignOffChange } from './signOffChanges';

/**
 * Each account-day's reconciliation, bank against ledger (docs/bank-matching.md
 * "Reconciliation"), and its sign-off: the figures as they were then, kept, and each change to
 * the day's lines after it.
 */

type StoredFigures = DayFigures & { note?: string | null };

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

async function figuresByDay(
  db: Db,
  account: AccountRow,
  from: string,
  to: string,
): Promise<Map<string, DayFigures>> {
  // Each unheld payment is expected on one account only: its MDA's first account, or the
  // first general account for MDAs without one (docs/bank-matching.md "Reconciliation").
  const expected = await selectLedgerExpectation(db, account);
  const [credits, linked, unlinked] = await Promise.all([
    selectCreditSums(db, account.id, from, to),
    selectLinkedPaymentSums(db, account.id, from, to),
    expected ? selectUnlinkedPaymentSums(db, expected, from, to) : Promise.resolve([]),
  ]);
  const result = new Map<string, DayFigures>();
  for (const day of daysOf(from, to)) {
    const of = (state: string): CountAndSum => {
      const row = credits.find((c) => c.day === day && c.state === state);
      return row ? { count: row.count, amountKobo: row.amountKobo } : NONE;
    };
    const pick = (rows: Array<{ day: string; count: number; amountKobo: number }>) => {
      const row = rows.find((r) => r.day === day);
      return row ? { count: row.count, amountKobo: row.amountKobo } : NONE;
    };
    const sums: DaySums = {
      credits: {
        matched: of('matched'),
        ambiguous: of('ambiguous'),
        unmatched: of('unmatched'),
        'not-revenue': of('not-revenue'),
      },
      linkedPayments: pick(linked),
      unlinkedPayments: pick(unlinked),
    };
    result.set(day, figuresOf(sums));
  }
  return result;
}

export function createReconciliationService({ db }: { db: Db }) {
  async function view(
    accountNumber: string,
    from: string,
    to: string,
  ): Promise<ReconciliationView> {
    const account = await accountByNumber(db, accountNumber);
    const [figures, signOffs, mdaName] = await Promise.all([
      figuresByDay(db, account, from, to),
      selectSignOffs(db, account.id, from, to),
      findMdaName(db, account.mdaId),
    ]);
    const days: ReconciliationDay[] = [...figures.entries()].map(([day, f]) => {
      const signed = signOffs.find((s) => s.day === day);
      const stored = signed?.figures as StoredFigures | undefined;
      const signOff: SignOffView | null =
        signed && stored
          ? {
              signedOffBy: signed.signedOffBy,
              signedOffAt: signed.signedOffAt.toISOString(),
              note: stored.note ?? null,
              figures: {
                bankCredits: stored.bankCredits,
                notRevenue: stored.notRevenue,
                ledgerPayments: stored.ledgerPayments,
                matched: stored.matched,
                unmatchedBank: stored.unmatchedBank,
                unmatchedLedger: stored.unmatchedLedger,
                differenceKobo: stored.differenceKobo,
              },
              changes: (signed.changes as StoredSignOffChange[]).map((c) => ({
                at: c.at,
                username: c.username,
                lineId: c.lineId,
                what: c.what,
                reason: c.reason,
              })),
            }
          : null;
      return { day, ...f, signOff };
    });
    return {
      account: {
        accountNumber: account.accountNumber,
        name: account.name,
        bank: account.bank,
        mdaId: account.mdaId,
        mdaName,
      },
      from,
      to,
      days,
      totals: addFigures(days),
    };
  }

  return {
    getReconciliation(_actor: Actor, accountNumber: string, range: { from: string; to: string }) {
      return view(accountNumber, range.from, range.to);
    },

    /** The day's expected payments no credit holds (none on an account that expects none). */
    async listUnmatchedPayments(
      _actor: Actor,
      accountNumber: string,
      day: string,
    ): Promise<UnmatchedPaymentList> {
      const account = await accountByNumber(db, accountNumber);
      const expected = await selectLedgerExpectation(db, account);
      if (!expected) return { items: [], total: 0 };
      const { rows, total } = await selectUnlinkedPayments(
        db,
        expected,
        day,
        UNMATCHED_PAYMENTS_SHOWN,
      );
      return { items: rows, total };
    },

    /**
     * Signs an account's day off once it is over: its figures kept as they are now, with the
     * officer's note — needed when bank and ledger differ, to say why. 409 when signed already.
     */
    async signOff(
      actor: Actor,
      accountNumber: string,
      day: string,
      input: SignOffInput,
    ): Promise<ReconciliationDay> {
      if (!actor.officerId) throw new AppError('FORBIDDEN', 'Only an officer can sign a day off.');
      const officerId = actor.officerId;
      if (day >= todayInLagos()) {
        throw fieldError('day', 'A day is signed off once it is over: choose an earlier day');
      }
      await db.transaction(async (tx) => {
        const account = await accountByNumber(tx, accountNumber);
        const figures = (await figuresByDay(tx, account, day, day)).get(day) as DayFigures;
        if (figures.differenceKobo !== 0 && !input.note) {
          throw fieldError(
            'note',
            'Bank and ledger differ on this day: say why in the note before signing it off',
          );
        }
        const stored: StoredFigures = { ...figures, note: input.note ?? null };
        const signed = await insertSignOff(tx, {
          accountId: account.id,
          day,
          figures: stored,
          signedOffBy: officerId,
        });
        if (!signed) {
          throw new AppError(
            'CONFLICT',
            `${day} is already signed off for account ${accountNumber}.`,
          );
        }
        await recordAudit(tx, actor, {
          action: 'bank_reconciliation.signed_off',
          entityType: 'bank_account',
          entityId: account.id,
          after: { accountNumber, day, figures: stored },
        });
      });
      const result = await view(accountNumber, day, day);
      return result.days[0] as ReconciliationDay;
    },
  };
}
