import {
  BANK_RANGE_MAX_DAYS,
  type BankAggregates,
  type StatementFetchView,
  type StatementRangeInput,
} from '../../../../shared/bank/accounts';
import { addDays, dayInFigures, daysSpanned, todayInLagos } from '../../../../shared/dates';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type {
  BankAggregate,
  BankStatementLine,
  FidelityClient,
} from '../../../integrations/fidelity/types';
import { insertJob } from '../../../jobs/queries';
import { createJobReader } from '../../../jobs/readSide';
import { notifyJobQueued } from '../../../jobs/wake';
import { recordAudit } from '../../audit/service';
import { createBankAccountService } from '../accounts/service';
import { BANK_STATEMENT_FETCH } from './job';
import { insertFetchDays, selectFetchJob, selectStoredReferences, sumStoredLines } from './queries';

/**
 * Fetching an account's statement (docs/bank.md "The bank's protocol"): a range of at most 92
 * days of a configured, active account, queued as a job of one row per day; its progress; and
 * the bank's own credit and debit totals for a range.
 */

/** 422 unless `from`…`to` is a range of at most 92 days that has begun. */
function checkRange(range: { from: string; to: string }): void {
  if (range.from > range.to) {
    throw new AppError(
      'RULE_VIOLATION',
      `The first day (${dayInFigures(range.from)}) is after the last (${dayInFigures(range.to)}).`,
    );
  }
  if (daysSpanned(range.from, range.to) > BANK_RANGE_MAX_DAYS) {
    throw new AppError(
      'RULE_VIOLATION',
      `A statement is read at most ${BANK_RANGE_MAX_DAYS} days at a time; this range has ${daysSpanned(range.from, range.to)}. Choose a shorter range.`,
    );
  }
  const today = todayInLagos();
  if (range.from > today) {
    throw new AppError(
      'RULE_VIOLATION',
      `The bank has no statement yet for ${dayInFigures(range.from)}.`,
    );
  }
}

export function createStatementService(deps: { db: Db; fidelity: FidelityClient }) {
  const { db } = deps;
  const accounts = createBankAccountService({ db });
  const reader = createJobReader(db, {
    kind: BANK_STATEMENT_FETCH,
    find: selectFetchJob,
    notFound: 'No such statement fetch.',
  });

  /** The account, or 404 (not configured) / 422 (deactivated). */
  async function activeAccount(actor: Actor, accountNumber: string) {
    const account = await accounts.getAccount(actor, accountNumber);
    if (!account.isActive) {
      throw new AppError(
        'RULE_VIOLATION',
        `Account ${accountNumber} (${account.name}) is deactivated: its statement is no longer read. An administrator can reactivate it under Collection accounts.`,
      );
    }
    return account;
  }

  return {
    async requestFetch(actor: Actor, input: StatementRangeInput): Promise<{ jobId: string }> {
      checkRange(input);
      const account = await activeAccount(actor, input.accountNumber);
      // Days not begun yet are left out: the bank has nothing for them.
      const to = input.to > todayInLagos() ? todayInLagos() : input.to;
      const total = daysSpanned(input.from, to);
      const jobId = await db.transaction(async (tx) => {
        const job = await insertJob(tx, {
          kind: BANK_STATEMENT_FETCH,
          fileName: `statement-${input.accountNumber}-${input.from}-${to}`,
          total,
          createdBy: actor.officerId,
        });
        await insertFetchDays(
          tx,
          Array.from({ length: total }, (_, i) => ({
            jobId: job.id,
            lineNumber: i + 1,
            accountId: account.id,
            day: addDays(input.from, i),
          })),
        );
        await recordAudit(tx, actor, {
          action: 'bank_statement.fetch_requested',
          entityType: 'bank_account',
          entityId: account.id,
          after: { jobId: job.id, accountNumber: input.accountNumber, from: input.from, to },
        });
        return job.id;
      });
      notifyJobQueued(db);
      return { jobId };
    },

    async getFetch(actor: Actor, jobId: string): Promise<StatementFetchView> {
      const job = await reader.visible(actor, jobId);
      return {
        jobId: job.id,
        status: job.status,
        accountNumber: job.accountNumber,
        from: job.from,
        to: job.to,
        processed: job.processed,
        total: job.total,
        stored: job.stored,
        ...(job.error ? { error: job.error } : {}),
      };
    },

    /**
     * The bank's own totals of the range (its credit and debit aggregate calls), not a sum of
     * the stored lines: the figures above the list are what the bank says the account holds,
     * whether or not every day has been fetched yet, and a difference from the stored lines is
     * itself worth seeing (docs/bank.md "The aggregates"): beside them the stored lines' sums,
     * and when those differ, the bank's lines RevDesk lacks (its credits and debits by date
     * range) and their days.
     */
    async getAggregates(actor: Actor, input: StatementRangeInput): Promise<BankAggregates> {
      checkRange(input);
      const account = await accounts.getAccount(actor, input.accountNumber);
      const range = { startDate: input.from, endDate: input.to };
      const [credit, debit, stored] = await Promise.all([
        deps.fidelity.getCreditAggregate(input.accountNumber, range),
        deps.fidelity.getDebitAggregate(input.accountNumber, range),
        sumStoredLines(db, account.id, input.from, input.to),
      ]);
      const agrees = (held: { count: number; amountKobo: number }, bank: BankAggregate) =>
        held.count === bank.count && held.amountKobo === bank.totalKobo;
      // The stored lines fall short of (or past) the bank's figures: ask the bank for its
      // credits and debits of the range and name the lines RevDesk lacks, and their days.
      let notStored: BankAggregates['notStored'] = null;
      if (!agrees(stored.credits, credit) || !agrees(stored.debits, debit)) {
        const [credits, debits] = await Promise.all([
          deps.fidelity.getCredits(input.accountNumber, range),
          deps.fidelity.getDebits(input.accountNumber, range),
        ]);
        const held = await selectStoredReferences(
          db,
          account.id,
          [...credits, ...debits].map((l) => l.bankReference),
        );
        const missing = (lines: BankStatementLine[]) =>
          lines.filter((l) => !held.has(l.bankReference));
        const sum = (lines: BankStatementLine[]) => ({
          count: lines.length,
          amountKobo: lines.reduce((t, l) => t + l.amountKobo, 0),
        });
        const [lackedCredits, lackedDebits] = [missing(credits), missing(debits)];
        notStored = {
          credits: sum(lackedCredits),
          debits: sum(lackedDebits),
          days: [...new Set([...lackedCredits, ...lackedDebits].map((l) => l.valueDate))].sort(),
        };
      }
      return {
        creditKobo: credit.totalKobo,
        creditCount: credit.count,
        debitKobo: debit.totalKobo,
        debitCount: debit.count,
        stored,
        notStored,
      };
    },
  };
}
