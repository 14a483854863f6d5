import { describe, expect, it } from 'vitest';
import { computePersonalIncomeTax } from './compute';
import {
  ComputeIncomeTaxInput,
  computeIncomeTaxInputSchema,
  PersonalIncomeTaxComputation,
} from './schemas';

const pinnedTo = (iso: string) => computeIncomeTaxInputSchema(() => new Date(iso));
const valid = { taxYear: 2026, incomes: [{ source: 'employment', amountKobo: 100_000_000 }] };

describe('ComputeIncomeTaxInput', () => {
  it('accepts a valid input and defaults the deductions to none', () => {
    expect(pinnedTo('2026-06-01T12:00:00Z').parse(valid)).toEqual({ ...valid, deductions: {} });
  });

  it('takes years from 2011 (the first table) to next year, in Lagos time', () => {
    const june2026 = pinnedTo('2026-06-01T12:00:00Z');
    expect(june2026.safeParse({ ...valid, taxYear: 2011 }).success).toBe(true);
    expect(june2026.safeParse({ ...valid, taxYear: 2010 }).success).toBe(false);
    expect(june2026.safeParse({ ...valid, taxYear: 2027 }).success).toBe(true);
    expect(june2026.safeParse({ ...valid, taxYear: 2028 }).success).toBe(false);
    // 23:30 UTC on 31 December is already 1 January in Lagos (UTC+1).
    const newYearInLagos = pinnedTo('2026-12-31T23:30:00Z');
    expect(newYearInLagos.safeParse({ ...valid, taxYear: 2028 }).success).toBe(true);
    expect(pinnedTo('2026-06-01T12:00:00Z').safeParse({ ...valid, taxYear: 2025.5 }).success).toBe(
      false,
    );
  });

  it.each([
    ['no income', { incomes: [] }],
    ['an unknown source', { incomes: [{ source: 'salary', amountKobo: 1 }] }],
    ['a negative amount', { incomes: [{ source: 'trade', amountKobo: -1 }] }],
    ['a fraction of a kobo', { incomes: [{ source: 'trade', amountKobo: 1.5 }] }],
    ['an unsafe integer', { incomes: [{ source: 'trade', amountKobo: 2 ** 53 }] }],
    [
      'a total past the safe range',
      {
        incomes: [
          { source: 'trade', amountKobo: Number.MAX_SAFE_INTEGER },
          { source: 'rent', amountKobo: 1 },
        ],
      },
    ],
    ['a negative deduction', { deductions: { pensionKobo: -100 } }],
    ['a fractional deduction', { deductions: { annualRentKobo: 0.5 } }],
  ])('refuses %s', (_label, change) => {
    expect(ComputeIncomeTaxInput.safeParse({ ...valid, taxYear: 2025, ...change }).success).toBe(
      false,
    );
  });
});

describe('PersonalIncomeTaxComputation', () => {
  it('describes exactly what the engine returns (it is the response schema)', () => {
    const result = computePersonalIncomeTax(
      ComputeIncomeTaxInput.parse({
        taxYear: 2024,
        incomes: [{ source: 'employment', amountKobo: 400_000_000 }],
        deductions: { pensionKobo: 32_000_000, annualRentKobo: 100_000_000 },
      }),
    );
    expect(PersonalIncomeTaxComputation.parse(result)).toEqual(result);
  });
});
