import { z } from 'zod';
import { TCC_KINDS } from '../tcc/enums';
import { jrbPeriodDays, jrbPeriodLabel } from './jrbPeriod';

/**
 * The Joint Revenue Board return (docs/jrb-return.md): the period's collections by tax type,
 * taxpayers registered and TCCs issued, for one month or one quarter. No public template exists;
 * this is RevDesk's layout v1.
 */
export const JRB_LAYOUT_VERSION = 'RevDesk JRB return v1';

export { jrbPeriodDays, jrbPeriodLabel };

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
