import { z } from 'zod';
import { TCC_KINDS } from '../tcc/enums';

/**
 * The Joint Revenue Board return (docs/jrb-return.md): the period's collections by tax type,
 * taxpayers registered and TCCs issued, for one month or one quarter. No public template exists;
 * this is RevDesk's layout v1.
 */
export const JRB_LAYOUT_VERSION = 'RevDesk JRB return v1';

const PERIOD = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/;

/** The first and last day of `2026-03` (a month) or `2026-Q1` (a quarter); null when malformed. */
export function jrbPeriodDays(period: string): { from: string; to: string } | null {
  const m = PERIOD.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  const firstMonth = m[2] ? Number(m[2]) : (Number(m[3]) - 1) * 3 + 1;
  const lastMonth = m[2] ? firstMonth : firstMonth + 2;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

/** How a period reads on the return: "March 2026", "First quarter 2026 (January–March)". */
export function jrbPeriodLabel(period: string): string {
  const m = PERIOD.exec(period);
  if (!m) return period;
  if (m[2]) {
    const month = new Date(Date.UTC(2000, Number(m[2]) - 1, 1)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `${month} ${m[1]}`;
  }
  const q = Number(m[3]);
  const names = ['First', 'Second', 'Third', 'Fourth'];
  const months = ['January–March', 'April–June', 'July–September', 'October–December'];
  return `${names[q - 1]} quarter ${m[1]} (${months[q - 1]})`;
}

export const JrbReturnQuery = z.object({
  period: z
    .string()
    .trim()
    .refine((p) => jrbPeriodDays(p) !== null, {
      error:
        'Give the period as a month (YYYY-MM, e.g. 2026-03) or a quarter (YYYY-Qn, e.g. 2026-Q1).',
    }),
  format: z.enum(['xlsx']).optional(),
});
export type JrbReturnQuery = z.infer<typeof JrbReturnQuery>;

/** The return's tax types, in its order (docs/jrb-return.md "Section A"). */
export const JRB_TAX_TYPES = [
  'paye',
  'direct-assessment',
  'presumptive-tax',
  'stamp-duty',
  'withholding-tax',
  'levies',
  'mda-charges',
  'tcc-fees',
  'other',
] as const;
export type JrbTaxType = (typeof JRB_TAX_TYPES)[number];

export const JRB_TAX_TYPE_LABELS = {
  paye: 'Pay As You Earn (PAYE)',
  'direct-assessment': 'Direct assessment',
  'presumptive-tax': 'Presumptive tax',
  'stamp-duty': 'Stamp duty',
  'withholding-tax': 'Withholding tax',
  levies: 'Levies (SSC levy on public pay)',
  'mda-charges': 'MDA charges (demand notices)',
  'tcc-fees': 'TCC processing fees',
  other: 'Other collections (no tax type)',
} as const satisfies Record<JrbTaxType, string>;

const Int = z.number().int();

export const JrbReturn = z
  .object({
    period: z.string(),
    periodLabel: z.string(),
    from: z.string(),
    to: z.string(),
    layoutVersion: z.string(),
    serviceName: z.string(),
    generatedAt: z.iso.datetime(),
    collections: z.object({
      rows: z.array(
        z.object({
          taxType: z.enum(JRB_TAX_TYPES),
          label: z.string(),
          /** Payments net of reversals (a reversal in the period counts −1). */
          count: Int,
          amountKobo: Int,
        }),
      ),
      total: z.object({ count: Int, amountKobo: Int }),
    }),
    taxpayers: z.object({ individuals: Int, companies: Int, total: Int }),
    tccs: z.object({
      rows: z.array(z.object({ kind: z.enum(TCC_KINDS), label: z.string(), count: Int })),
      total: Int,
    }),
  })
  .meta({ id: 'JrbReturn' });
export type JrbReturn = z.infer<typeof JrbReturn>;
