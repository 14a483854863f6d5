import { describe, expect, it } from 'vitest';
import { makeBtin } from '../../../../shared/btin';
import type { PresumptiveCategory } from '../../../../shared/tax/presumptive';
import {
  presumptivePreview,
  presumptiveValidator,
  presumptiveValues,
  toPresumptiveInput,
  toPresumptiveUpdate,
  tradeLocationOf,
  valuesFromPresumptiveDraft,
} from './presumptiveForm';

const id = '5b1f7a3e-0c7b-4c83-9d3a-3f2f3e0b9a11';
const fixed: PresumptiveCategory = {
  name: 'Fish sellers',
  rule: 'fixed_by_size',
  smallKobo: 400_000,
  mediumKobo: 800_000,
  largeKobo: 1_500_000,
  turnoverThresholdKobo: null,
  rateBasisPoints: null,
};
const turnover: PresumptiveCategory = {
  name: 'Larger traders',
  rule: 'percent_of_turnover',
  smallKobo: null,
  mediumKobo: null,
  largeKobo: null,
  turnoverThresholdKobo: 1_200_000_000,
  rateBasisPoints: 100,
};

const btin = makeBtin(123_456_789);

describe('presumptive assessment form', () => {
  it('opens on the year in progress in Lagos', () => {
    expect(presumptiveValues('', new Date('2026-12-31T23:30:00Z')).taxYear).toBe('2027');
    expect(presumptiveValues('', new Date('2026-06-01T10:00:00Z')).taxYear).toBe('2026');
  });

  it('sends the size for a fixed amount, never a stale turnover', () => {
    const values = {
      ...presumptiveValues(` ${btin} `),
      tradeCategoryId: id,
      size: 'medium' as const,
      estimatedTurnover: 5_000_000,
      lgaId: '608',
      market: ' Swali Market ',
      street: 'Shop 14',
    };
    expect(toPresumptiveInput(values, fixed)).toEqual({
      btin,
      taxYear: Number(values.taxYear),
      tradeCategoryId: id,
      size: 'medium',
      lgaId: 608,
      tradeLocation: 'Swali Market, Shop 14',
    });
    expect(toPresumptiveInput(values, turnover)).toMatchObject({
      estimatedTurnoverKobo: 500_000_000,
    });
    expect(toPresumptiveInput(values, turnover)).not.toHaveProperty('size');
  });

  it('joins market and street, leaving out the empty one', () => {
    expect(tradeLocationOf('', ' Mbiama Road ')).toBe('Mbiama Road');
    expect(tradeLocationOf(' ', '')).toBeUndefined();
  });

  it('shows the amount the rule gives, below and above the threshold', () => {
    const values = { ...presumptiveValues(btin), tradeCategoryId: id };
    expect(presumptivePreview(fixed, values)).toBeNull();
    expect(presumptivePreview(fixed, { ...values, size: 'large' })?.taxKobo).toBe(1_500_000);
    expect(
      presumptivePreview(turnover, { ...values, estimatedTurnover: 12_000_000 }),
    ).toMatchObject({ exempt: true, taxKobo: 0 });
    expect(
      presumptivePreview(turnover, { ...values, estimatedTurnover: 12_500_000 })?.taxKobo,
    ).toBe(12_500_000);
    expect(presumptivePreview(null, values)).toBeNull();
  });

  it('validates as the server does, naming what the rule lacks beside its field', () => {
    const empty = presumptiveValidator(() => null)(presumptiveValues('12345'));
    expect(empty.btin).toBe('A BTIN is 10 digits');
    expect(empty.tradeCategoryId).toBe('Choose the trade category');
    const chosen = { ...presumptiveValues(btin), tradeCategoryId: id };
    expect(presumptiveValidator(() => fixed)(chosen)).toEqual({
      size: 'Choose the size of the trade',
    });
    expect(presumptiveValidator(() => turnover)(chosen)).toEqual({
      estimatedTurnover: 'Enter the estimated annual turnover',
    });
    expect(presumptiveValidator(() => fixed)({ ...chosen, size: 'small' })).toEqual({});
  });

  it('opens a draft as it was saved, and sends it back the same at the version read', () => {
    const draft = {
      btin,
      taxYear: 2026,
      tradeCategory: { id, name: 'Fish sellers' },
      traderSize: 'medium' as const,
      estimatedTurnoverKobo: null,
      lgaId: 608,
      tradeLocation: 'Swali Market, Shop 14, Mbiama Road',
      evidenceNote: 'Seen at the stall',
    };
    const values = valuesFromPresumptiveDraft(draft);
    expect(values).toMatchObject({
      taxYear: '2026',
      size: 'medium',
      estimatedTurnover: '',
      lgaId: '608',
      market: 'Swali Market',
      street: 'Shop 14, Mbiama Road',
    });
    expect(toPresumptiveUpdate(values, fixed, 3)).toEqual({
      taxYear: 2026,
      tradeCategoryId: id,
      size: 'medium',
      lgaId: 608,
      tradeLocation: 'Swali Market, Shop 14, Mbiama Road',
      evidenceNote: 'Seen at the stall',
      version: 3,
    });
    expect(
      valuesFromPresumptiveDraft({
        ...draft,
        traderSize: null,
        estimatedTurnoverKobo: 1_500_000_000,
      }).estimatedTurnover,
    ).toBe(15_000_000);
  });
});
