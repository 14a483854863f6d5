import { describe, expect, it } from 'vitest';
import { cappedTotalsNote, totalsFigures, totalsNote } from './totalsFigures';

describe('totalsFigures', () => {
  it('shows exact totals in naira', () => {
    const totals = { count: 2, amountKobo: 30_000, paidAmountKobo: 10_000, isCapped: false };
    const [payments, amount, paid] = totalsFigures(totals);
    expect(payments).toEqual(['Payments', '2', '2']);
    expect(amount?.[1]).toMatch(/300\.00/);
    expect(paid?.[1]).toMatch(/100\.00/);
    expect(cappedTotalsNote(totals)).toBeNull();
  });

  it('says "more than" and adds nothing up when the count was capped (ADR 0019)', () => {
    const totals = { count: 1_000, amountKobo: null, paidAmountKobo: null, isCapped: true };
    expect(totalsFigures(totals)).toEqual([
      ['Payments', 'More than 1,000', '1,000+'],
      ['Amount', 'Not added up', '–'],
      ['Paid amount', 'Not added up', '–'],
    ]);
    expect(cappedTotalsNote(totals)).toMatch(/more than 1,000 payments.*Narrow the search/);
  });

  it('shows a period’s net collections, the reports’ figure, in place of the paid amount, and says what it is', () => {
    const totals = {
      count: 3,
      amountKobo: 30_000,
      paidAmountKobo: 20_000,
      isCapped: false,
      collected: { count: 1, amountKobo: 5_000 },
    };
    const figures = totalsFigures(totals);
    expect(figures.map(([label]) => label)).toEqual(['Payments', 'Amount', 'Collected, net']);
    expect(figures[2]?.[1]).toMatch(/50\.00/);
    expect(totalsNote(totals)).toMatch(/less payments reversed on them.*every report/);
    expect(totalsNote({ ...totals, collected: undefined })).toBeNull();
  });

  it('shows an ellipsis while loading', () => {
    expect(totalsFigures(undefined).map(([, full]) => full)).toEqual(['…', '…', '…']);
  });
});
