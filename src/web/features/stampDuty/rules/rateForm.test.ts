import { describe, expect, it } from 'vitest';
import {
  firstDayAfter,
  latestOf,
  type MprRow,
  mprCorrectionOf,
  mprFormErrors,
  mprFormOf,
  mprInputOf,
  type PenaltyRow,
  penaltyCorrectionOf,
  penaltyFormErrors,
  penaltyFormOf,
  penaltyFormOfRow,
  penaltyInputOf,
} from './rateForm';

const mpr: MprRow = {
  id: '00000000-0000-4000-8000-000000000002',
  annualBasisPoints: 2_700,
  validFrom: '2020-02-01',
  validTo: null,
  toConfirm: true,
  source: 'CBN',
};

const sda: PenaltyRow = {
  id: '00000000-0000-4000-8000-000000000003',
  law: 'SDA',
  graceDays: 30,
  penaltyBasisPoints: 1_000,
  interestBasis: 'fixed',
  interestAnnualBasisPoints: 1_000,
  validFrom: '2020-02-01',
  validTo: '2025-12-31',
  toConfirm: true,
  source: 'to confirm',
};

describe('the late-stamping dialogs', () => {
  it('a new MPR is typed in percent and sent in basis points', () => {
    const values = {
      ratePercent: 27.5,
      validFrom: '2026-12-01',
      toConfirm: false,
      source: ' MPC ',
    };
    expect(mprFormErrors(mpr, values)).toEqual({});
    expect(mprInputOf(values)).toEqual({
      annualBasisPoints: 2_750,
      validFrom: '2026-12-01',
      toConfirm: false,
      source: 'MPC',
    });
  });

  it('says what is wrong with a rate, a day or a source in words', () => {
    expect(
      mprFormErrors(mpr, { ratePercent: '', validFrom: null, toConfirm: false, source: '' }),
    ).toEqual({
      ratePercent: 'Enter the rate a year, as a percentage',
      validFrom: 'Enter the first day it applies',
      source: 'Name the source (at least 3 characters), or say it is to confirm',
    });
    expect(
      mprFormErrors(mpr, {
        ratePercent: 27.555,
        validFrom: '2020-02-01',
        toConfirm: false,
        source: 'CBN',
      }),
    ).toEqual({
      ratePercent: 'At most 2 decimal places (0.01 %)',
      validFrom: 'It starts after the first day of the one in force',
    });
  });

  it('a penalty row starts from the law’s latest, and stays within its period', () => {
    const values = { ...penaltyFormOf(sda), validFrom: '2026-01-01', source: 'Circular' };
    expect(values).toMatchObject({ graceDays: 30, penaltyPercent: 10, interestPercent: 10 });
    expect(penaltyFormErrors(sda, values)).toEqual({
      validFrom: 'It starts on or before the last day of the one in force',
    });
    const within = { ...values, validFrom: '2025-06-01' };
    expect(penaltyFormErrors(sda, within)).toEqual({});
    expect(penaltyInputOf('SDA', within)).toMatchObject({
      penaltyBasisPoints: 1_000,
      interestBasis: 'fixed',
      interestAnnualBasisPoints: 1_000,
    });
    expect(penaltyInputOf('SDA', { ...within, interestBasis: 'mpr' })).toMatchObject({
      interestAnnualBasisPoints: null,
    });
  });

  it('finds the latest row and the first day a new one may start', () => {
    const later = { ...mpr, validFrom: '2026-03-01' };
    expect(latestOf([later, mpr])).toBe(later);
    expect(latestOf([])).toBeNull();
    expect(firstDayAfter(later)).toBe('2026-03-02');
  });

  it('a correction shows the row as it is and sends neither its day nor its law', () => {
    const values = mprFormOf(mpr);
    expect(values).toEqual({
      ratePercent: 27,
      validFrom: '2020-02-01',
      toConfirm: true,
      source: 'CBN',
    });
    expect(mprFormErrors(null, values)).toEqual({});
    expect(mprCorrectionOf({ ...values, ratePercent: 26.5 })).toEqual({
      annualBasisPoints: 2_650,
      toConfirm: true,
      source: 'CBN',
    });
    const row = penaltyFormOfRow(sda);
    expect(row).toMatchObject({ validFrom: '2020-02-01', source: 'to confirm', toConfirm: true });
    expect(penaltyFormErrors(null, row)).toEqual({});
    expect(penaltyCorrectionOf(row)).toEqual({
      graceDays: 30,
      penaltyBasisPoints: 1_000,
      interestBasis: 'fixed',
      interestAnnualBasisPoints: 1_000,
      toConfirm: true,
      source: 'to confirm',
    });
  });
});
