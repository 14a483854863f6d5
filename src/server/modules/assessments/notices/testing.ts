import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { computePersonalIncomeTax } from '../../../../shared/tax';
import { computePresumptiveTax } from '../../../../shared/tax/presumptive';
import { assessments, tradeCategories } from '../../../db/schema';
import type { TestContext } from '../../../testing/context';
import { createTaxpayer } from '../../../testing/factories';

/** Assessments inserted as the lifecycle would store them, for the documents' tests. */

export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The PDF's text without whitespace: pdf-parse breaks and spaces lines as it sees fit. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');

let serial = 0;
const noticeNumber = (kind: 'DA' | 'PT', year: number) => {
  serial += 1;
  return `BIRS/${kind}/${year}/${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(3, '0')}${randomUUID().slice(0, 4).toUpperCase()}`;
};

type AssessmentValues = typeof assessments.$inferInsert;

/** PwC's 2024 example (docs/tax-rules.md): gross ₦4,000,000, pension ₦320,000 → tax ₦464,240. */
export async function insertDirect(
  ctx: Pick<TestContext, 'db' | 'config'>,
  overrides: Partial<AssessmentValues> = {},
) {
  const taxpayer = await createTaxpayer(ctx);
  const input = {
    taxYear: 2024,
    incomes: [
      { source: 'employment' as const, amountKobo: 350_000_000 },
      { source: 'rent' as const, amountKobo: 50_000_000 },
    ],
    deductions: { pensionKobo: 32_000_000 },
  };
  const computation = computePersonalIncomeTax(input);
  const [row] = await ctx.db
    .insert(assessments)
    .values({
      kind: 'direct',
      source: 'assessed',
      status: 'issued',
      noticeNumber: noticeNumber('DA', 2024),
      btin: taxpayer.btin,
      taxYear: 2024,
      input,
      computation,
      law: computation.law,
      grossIncomeKobo: computation.grossIncomeKobo,
      chargeableIncomeKobo: computation.chargeableIncomeKobo,
      taxKobo: computation.taxKobo,
      issuedAt: new Date(),
      dueDate: '2099-12-31',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no assessment inserted');
  return { assessment: row, taxpayer, computation };
}

export async function insertPresumptive(ctx: Pick<TestContext, 'db' | 'config'>) {
  const taxpayer = await createTaxpayer(ctx);
  const [category] = await ctx.db
    .insert(tradeCategories)
    .values({
      name: `Boat operators ${randomUUID().slice(0, 8)}`,
      rule: 'fixed_by_size',
      smallKobo: 1_000_000,
      mediumKobo: 2_500_000,
      largeKobo: 5_000_000,
    })
    .returning();
  if (!category) throw new Error('no category');
  const computation = computePresumptiveTax(category, { size: 'medium' });
  const [row] = await ctx.db
    .insert(assessments)
    .values({
      kind: 'presumptive',
      source: 'assessed',
      status: 'issued',
      noticeNumber: noticeNumber('PT', 2026),
      btin: taxpayer.btin,
      taxYear: 2026,
      input: { tradeCategoryId: category.id, size: 'medium' },
      computation,
      law: `trade-category:${category.rule}`,
      grossIncomeKobo: 0,
      chargeableIncomeKobo: 0,
      taxKobo: computation.taxKobo,
      tradeCategoryId: category.id,
      traderSize: 'medium',
      // Yenagoa (the reference data's id, drizzle/0004), as the form stores it.
      lgaId: 608,
      tradeLocation: 'Swali Market, stall 14',
      issuedAt: new Date(),
      dueDate: '2099-12-31',
    })
    .returning();
  if (!row) throw new Error('no assessment inserted');
  return { assessment: row, taxpayer, category };
}
