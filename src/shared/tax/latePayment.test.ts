import { describe, expect, it } from 'vitest';
import { computeLatePayment, daysAfter } from './latePayment';

const rates = { penaltyBasisPoints: 1_000, interestAnnualBasisPoints: 2_700 };

describe('computeLatePayment', () => {
  it('owes nothing on the due date', () => {
    expect(
      computeLatePayment({
        outstandingKobo: 10_000_000,
        dueDate: '2026-03-31',
        asOf: '2026-03-31',
        ...rates,
      }),
    ).toEqual({ daysLate: 0, penaltyKobo: 0, interestKobo: 0 });
  });

  it('owes nothing when nothing is outstanding', () => {
    expect(
      computeLatePayment({
        outstandingKobo: 0,
        dueDate: '2026-01-01',
        asOf: '2026-12-31',
        ...rates,
      }),
    ).toMatchObject({ penaltyKobo: 0, interestKobo: 0 });
  });

  it('the day after: 10 % penalty and one day of interest', () => {
    // ₦100,000 × 27 % / 365 = ₦73.972602… → 7,397 kobo (half up of 7,397.26)
    expect(
      computeLatePayment({
        outstandingKobo: 10_000_000,
        dueDate: '2026-03-31',
        asOf: '2026-04-01',
        ...rates,
      }),
    ).toEqual({ daysLate: 1, penaltyKobo: 1_000_000, interestKobo: 7_397 });
  });

  it('a year late: a year of interest', () => {
    expect(
      computeLatePayment({
        outstandingKobo: 10_000_000,
        dueDate: '2025-01-01',
        asOf: '2026-01-01',
        ...rates,
      }),
    ).toEqual({ daysLate: 365, penaltyKobo: 1_000_000, interestKobo: 2_700_000 });
  });

  it('rounds half up', () => {
    // 5 kobo × 10 % = 0.5 → 1
    expect(
      computeLatePayment({
        outstandingKobo: 5,
        dueDate: '2026-01-01',
        asOf: '2026-01-02',
        ...rates,
      }).penaltyKobo,
    ).toBe(1);
  });

  it('counts calendar days across a leap day', () => {
    expect(daysAfter('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysAfter('2026-03-01', '2026-02-01')).toBe(0);
  });
});
