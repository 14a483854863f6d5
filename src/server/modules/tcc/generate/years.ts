import { and, asc, between, eq, inArray, or } from 'drizzle-orm';
import { STANDING_ASSESSMENT_STATUSES } from '../../../../shared/assessments/enums';
import { todayInLagos } from '../../../../shared/dates';
import type { TccKind } from '../../../../shared/tcc/enums';
import type { TccEnteredYear, TccJustification } from '../../../../shared/tcc/input';
import type { TccYear } from '../../../../shared/tcc/views';
import type { Db } from '../../../db/client';
import { assessments, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { selectLinkedPayments, selectRevisionChain } from '../../assessments/queries';

/**
 * The three-year table of a certificate (docs/tax-rules.md, Tax Clearance Certificate): for
 * each of the three preceding years, income, tax payable, tax paid, tax outstanding and the
 * receipts. A year not fully paid, or without an assessment, is flagged in red and goes on only
 * with the officer's written justification.
 */

/** The assessment kind a certificate kind is built from (direct-assessment and presumptive only). */
const ASSESSMENT_KIND_OF = { 'direct-assessment': 'direct', presumptive: 'presumptive' } as const;

export function readsLedger(kind: TccKind): kind is 'direct-assessment' | 'presumptive' {
  return kind === 'direct-assessment' || kind === 'presumptive';
}

function emptyYear(year: number): TccYear {
  return {
    year,
    incomeKobo: 0,
    taxKobo: 0,
    paidKobo: 0,
    outstandingKobo: 0,
    receipts: [],
    flag: null,
    justification: null,
    assessmentIds: [],
  };
}

/**
 * The years built from the taxpayer's standing assessments of the matching kind and the ledger:
 * the tax payable and paid as the assessments keep them (paidKobo is the ledger's sum, ADR 0010),
 * the receipts those of the paid payments linked to them or to the assessments they revised.
 */
export async function ledgerYears(
  db: Db,
  btin: string,
  kind: 'direct-assessment' | 'presumptive',
  years: readonly number[],
): Promise<TccYear[]> {
  const rows = await db
    .select({
      id: assessments.id,
      taxYear: assessments.taxYear,
      grossIncomeKobo: assessments.grossIncomeKobo,
      taxKobo: assessments.taxKobo,
      paidKobo: assessments.paidKobo,
    })
    .from(assessments)
    .where(
      and(
        eq(assessments.btin, btin),
        eq(assessments.kind, ASSESSMENT_KIND_OF[kind]),
        inArray(assessments.taxYear, [...years]),
        inArray(assessments.status, [...STANDING_ASSESSMENT_STATUSES]),
      ),
    )
    .orderBy(asc(assessments.taxYear), asc(assessments.createdAt));

  const table: TccYear[] = [];
  for (const year of years) {
    const ofYear = rows.filter((r) => r.taxYear === year);
    const row = emptyYear(year);
    if (ofYear.length === 0) {
      table.push({ ...row, flag: 'no_assessment' });
      continue;
    }
    const linked: string[] = [];
    for (const a of ofYear) linked.push(...(await selectRevisionChain(db, a.id)));
    const payments = (await selectLinkedPayments(db, linked)).filter((p) => p.status === 'paid');
    const taxKobo = ofYear.reduce((sum, a) => sum + a.taxKobo, 0);
    const paidKobo = ofYear.reduce((sum, a) => sum + a.paidKobo, 0);
    const outstandingKobo = Math.max(0, taxKobo - paidKobo);
    table.push({
      ...row,
      incomeKobo: ofYear.reduce((sum, a) => sum + a.grossIncomeKobo, 0),
      taxKobo,
      paidKobo,
      outstandingKobo,
      receipts: payments.map((p) => ({
        number: p.receiptNumber ?? p.rrr ?? p.id,
        date: p.paidAt ? todayInLagos(p.paidAt) : '',
        amountKobo: p.amountKobo,
      })),
      flag: outstandingKobo > 0 ? 'arrears' : null,
      assessmentIds: ofYear.map((a) => a.id),
    });
  }
  return table;
}

/**
 * The years an officer entered (PAYE and MDA employees), in the years the certificate covers:
 * a year whose tax was not all deducted and remitted is in arrears.
 */
export function enteredYears(entered: readonly TccEnteredYear[], years: readonly number[]) {
  const byYear = new Map(entered.map((y) => [y.year, y]));
  const wrong = entered.filter((y) => !years.includes(y.year)).map((y) => y.year);
  if (wrong.length > 0 || byYear.size !== years.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Enter the years ${years.join(', ')}, once each${wrong.length > 0 ? ` (not ${wrong.join(', ')})` : ''}.`,
      {
        details: {
          issues: [{ where: 'body', path: 'years', message: `Enter ${years.join(', ')}` }],
        },
      },
    );
  }
  return years.map((year): TccYear => {
    const y = byYear.get(year) as TccEnteredYear;
    const outstandingKobo = Math.max(0, y.taxKobo - y.paidKobo);
    return {
      ...emptyYear(year),
      incomeKobo: y.incomeKobo,
      taxKobo: y.taxKobo,
      paidKobo: y.paidKobo,
      outstandingKobo,
      receipts: y.receipts.map((r) => ({
        number: r.number,
        date: r.date,
        amountKobo: r.amountKobo,
      })),
      flag: outstandingKobo > 0 ? 'arrears' : null,
    };
  });
}

/** An exempt person's years: zero rows, never flagged (the certificate says exempt). */
export function exemptYears(years: readonly number[]): TccYear[] {
  return years.map(emptyYear);
}

/** The empty rows the officer fills in on the form (PAYE, MDA employee, exemption). */
export function blankYears(years: readonly number[]): TccYear[] {
  return years.map(emptyYear);
}

/**
 * Puts each flagged year's justification on it; 422 naming the flagged years without one. A
 * justification of a year that is not flagged is not kept (nothing to justify).
 */
export function justify(table: readonly TccYear[], justifications: readonly TccJustification[]) {
  const byYear = new Map(justifications.map((j) => [j.year, j.text.trim()]));
  const missing = table.filter((y) => y.flag && !byYear.get(y.year)).map((y) => y.year);
  if (missing.length > 0) {
    const which =
      missing.length === 1 ? `Year ${missing[0]} is` : `Years ${missing.join(', ')} are`;
    throw new AppError(
      'RULE_VIOLATION',
      `${which} flagged (not fully paid, or not assessed): write a justification for ${missing.length === 1 ? 'it' : 'each'} before the certificate goes on.`,
      { details: { years: missing } },
    );
  }
  return table.map((y) => ({
    ...y,
    justification: isRedYear(y) ? (byYear.get(y.year) ?? null) : null,
  }));
}

/**
 * PAYE and MDA employees' years are entered by hand (or read from the MDA's payroll file), so
 * a year's tax paid is what the officer or the file says. Each year with tax paid is checked
 * against the ledger (docs/architecture.md §5, unbacked years): the paid payments that back it
 * are the employee's own PAYE remittances dated in that year, and any paid payment whose
 * receipt number or RRR is one of the year's receipts, made by the employee or the employer.
 * A year whose tax paid is more than those add up to is `unbacked`: red to every approver, as
 * a year in arrears is; it needs no justification (the officer may not know the remittance).
 */
export async function remittedYears(
  db: Db,
  table: readonly TccYear[],
  owners: { btin: string; employerBtin?: string | null },
): Promise<TccYear[]> {
  const checked = table.filter((y) => y.paidKobo > 0);
  if (checked.length === 0) return table.map((y) => ({ ...y, remittedKobo: 0, unbacked: false }));
  const years = checked.map((y) => y.year);
  const numbers = [...new Set(checked.flatMap((y) => y.receipts.map((r) => r.number)))];
  const payers = [owners.btin, ...(owners.employerBtin ? [owners.employerBtin] : [])];
  const rows = await db
    .select({
      id: payments.id,
      amountKobo: payments.amountKobo,
      paymentDate: payments.paymentDate,
      btin: payments.btin,
      type: payments.type,
      receiptNumber: payments.receiptNumber,
      rrr: payments.rrr,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'paid'),
        or(
          and(
            eq(payments.btin, owners.btin),
            eq(payments.type, 'paye'),
            between(
              payments.paymentDate,
              `${Math.min(...years)}-01-01`,
              `${Math.max(...years)}-12-31`,
            ),
          ),
          numbers.length > 0
            ? and(
                inArray(payments.btin, payers),
                or(inArray(payments.receiptNumber, numbers), inArray(payments.rrr, numbers)),
              )
            : undefined,
        ),
      ),
    );
  return table.map((y) => {
    if (y.paidKobo === 0) return { ...y, remittedKobo: 0, unbacked: false };
    const receipts = new Set(y.receipts.map((r) => r.number));
    const backing = rows.filter(
      (p) =>
        (p.btin === owners.btin && p.type === 'paye' && p.paymentDate.startsWith(`${y.year}-`)) ||
        (p.receiptNumber !== null && receipts.has(p.receiptNumber)) ||
        (p.rrr !== null && receipts.has(p.rrr)),
    );
    const remittedKobo = backing.reduce((sum, p) => sum + p.amountKobo, 0);
    return { ...y, remittedKobo, unbacked: remittedKobo < y.paidKobo };
  });
}

/** A year red on the page: flagged (arrears, no assessment) or its tax paid unbacked by the ledger. */
export function isRedYear(y: TccYear): boolean {
  return y.flag !== null || y.unbacked === true;
}
