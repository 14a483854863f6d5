import { describe, expect, it } from 'vitest';
import {
  DirectAssessmentInput,
  DirectAssessmentUpdate,
} from '../../../../shared/assessments/input';
import { makeBtin } from '../../../../shared/btin';
import { computePersonalIncomeTax } from '../../../../shared/tax/compute';
import { NTA_2025, PITA_2011, PITA_FINANCE_ACT_2020 } from '../../../../shared/tax/laws';
import { latestTaxYear } from '../../../../shared/tax/schemas';
import { bandRange, formatRate, reliefNote } from './ComputationPanel';
import {
  checkValues,
  type DirectFormValues,
  deductionsAllowedBy,
  emptyValues,
  fieldOfServerPath,
  incomeRow,
  koboOf,
  latestYearOn,
  lawOfYear,
  liveComputeInput,
  taxYearOptions,
  toCreateBody,
  toUpdateBody,
  valuesFromDraft,
} from './formValues';

const BTIN = makeBtin(100_000_123);
const NOW = new Date('2026-11-24T09:00:00Z');

function filled(taxYear: string): DirectFormValues {
  const values = emptyValues(BTIN, taxYear);
  values.incomes = [incomeRow('trade', 4_500_000), incomeRow('rent', 1200.5)];
  values.deductions.pension = 120_000;
  values.deductions.rentRelief = 3_000_000;
  values.deductions.mortgageInterest = '';
  values.evidenceNote = '  Bank statements seen  ';
  return values;
}

describe('naira typed → kobo sent', () => {
  it('rounds to the kobo and leaves an empty field empty', () => {
    expect(koboOf(1500)).toBe(150_000);
    expect(koboOf(1200.5)).toBe(120_050);
    expect(koboOf(0.07)).toBe(7);
    expect(koboOf('')).toBeNull();
    expect(koboOf('abc')).toBeNull();
  });
});

describe('which deductions the law of the year allows', () => {
  it('PITA: pension, NHF, NHIS, life assurance; the NTA 2025 adds mortgage interest and rent', () => {
    const pita = ['pension', 'nhf', 'nhis', 'lifeAssurance'];
    expect(deductionsAllowedBy(PITA_2011)).toEqual(pita);
    expect(deductionsAllowedBy(PITA_FINANCE_ACT_2020)).toEqual(pita);
    expect(deductionsAllowedBy(NTA_2025)).toEqual([...pita, 'mortgageInterest', 'rentRelief']);
    expect(deductionsAllowedBy(null)).toEqual([]);
  });

  it('finds the law of a year, none before 2011 or for no year', () => {
    expect(lawOfYear('2025')?.title).toBe(PITA_FINANCE_ACT_2020.title);
    expect(lawOfYear('2026')?.law).toBe('NTA2025');
    expect(lawOfYear('2010')).toBeNull();
    expect(lawOfYear('')).toBeNull();
  });
});

describe('years offered', () => {
  it('are 2011 to next year in Lagos, as the engine’s schema allows', () => {
    for (const now of [NOW, new Date('2026-12-31T23:30:00Z'), new Date('2027-01-01T00:30:00Z')]) {
      expect(latestYearOn(now)).toBe(latestTaxYear(now));
    }
    // 23:30 UTC on 31 December is already 1 January in Lagos (UTC+1).
    expect(latestYearOn(new Date('2026-12-31T23:30:00Z'))).toBe(2028);
    const years = taxYearOptions(NOW).map((option) => option.value);
    expect(years[0]).toBe('2027');
    expect(years.at(-1)).toBe('2011');
    expect(years).toHaveLength(17);
  });
});

describe('form values ↔ API bodies', () => {
  it('a 2026 (NTA) draft sends kobo, the allowed claims only, the note trimmed', () => {
    const body = toCreateBody(filled('2026'));
    expect(body).toEqual({
      btin: BTIN,
      taxYear: 2026,
      incomes: [
        { source: 'trade', amountKobo: 450_000_000 },
        { source: 'rent', amountKobo: 120_050 },
      ],
      deductions: { pensionKobo: 12_000_000, annualRentKobo: 300_000_000 },
      evidenceNote: 'Bank statements seen',
    });
    expect(DirectAssessmentInput.safeParse(body).success).toBe(true);
  });

  it('a 2025 (PITA) draft does not send the rent the NTA would allow', () => {
    const body = toCreateBody(filled('2025'));
    expect(body.deductions).toEqual({ pensionKobo: 12_000_000 });
  });

  it('an edit sends the version read and no BTIN', () => {
    const body = toUpdateBody(filled('2026'), 3);
    expect(body).not.toHaveProperty('btin');
    expect(body.version).toBe(3);
    expect(DirectAssessmentUpdate.safeParse(body).success).toBe(true);
  });

  it('a stored draft comes back into the same values', () => {
    const body = toCreateBody(filled('2026'));
    const values = valuesFromDraft({
      btin: BTIN,
      taxYear: 2026,
      evidenceNote: body.evidenceNote,
      input: { incomes: body.incomes, deductions: body.deductions },
    });
    expect(values.taxYear).toBe('2026');
    expect(values.incomes.map((row) => [row.source, row.amount])).toEqual([
      ['trade', 4_500_000],
      ['rent', 1200.5],
    ]);
    expect(values.deductions).toMatchObject({ pension: 120_000, rentRelief: 3_000_000, nhf: '' });
    expect(toCreateBody(values)).toEqual(body);
    expect(new Set(values.incomes.map((row) => row.key)).size).toBe(2);
  });
});

describe('the live computation', () => {
  it('follows the typing: rows without an amount are left out; nothing without a year', () => {
    const values = filled('2026');
    values.incomes.push(incomeRow('other', ''));
    const input = liveComputeInput(values);
    expect(input?.incomes).toHaveLength(2);
    expect(liveComputeInput({ ...values, taxYear: '' })).toBeNull();
    expect(liveComputeInput({ ...values, incomes: [incomeRow('trade', '')] })).toBeNull();
  });

  it('is the engine’s answer: rent relief capped at ₦500,000 under the NTA 2025', () => {
    const input = liveComputeInput(filled('2026'));
    if (!input) throw new Error('expected an input');
    const computation = computePersonalIncomeTax(input);
    const rent = computation.deductions.find((line) => line.kind === 'rentRelief');
    expect(rent).toMatchObject({ claimedKobo: 300_000_000, allowedKobo: 50_000_000, capped: true });
    expect(rent && reliefNote(rent)).toMatch(/^Capped at ₦500,000\.00\. /);
    // Gross 4,501,200.50 − pension 120,000 − rent relief 500,000 = 3,881,200.50 chargeable:
    // 0 % on 800,000, 15 % on 2,200,000 = 330,000, 18 % on 881,200.50 = 158,616.09.
    expect(computation.chargeableIncomeKobo).toBe(388_120_050);
    expect(computation.taxKobo).toBe(48_861_609);
  });
});

describe('the band table’s words', () => {
  it('prints ranges and rates', () => {
    expect(bandRange({ fromKobo: 0, toKobo: 30_000_000 })).toBe('₦0\u00a0– ₦300,000');
    expect(bandRange({ fromKobo: 320_000_000, toKobo: null })).toBe('Above ₦3,200,000');
    expect(bandRange({ fromKobo: 50, toKobo: 30_000_050 })).toBe('₦0.50\u00a0– ₦300,000.50');
    expect(formatRate(1_500)).toBe('15 %');
    expect(formatRate(0)).toBe('0 %');
  });
});

describe('checks before sending', () => {
  it('names each field that needs correcting', () => {
    const values = emptyValues('1234567890', '');
    values.incomes = [incomeRow(null, '')];
    expect(checkValues(values, NOW)).toEqual({
      btin: 'This BTIN’s check digit is wrong: check the number',
      taxYear: 'Choose the year of assessment',
      'incomes.0.source': 'Choose where the income comes from',
      'incomes.0.amount': 'Enter the amount',
    });
    expect(checkValues({ ...values, btin: '12' }, NOW).btin).toBe('A BTIN is 10 digits');
    expect(checkValues({ ...values, incomes: [] }, NOW).incomes).toBe('Enter at least one income');
    expect(checkValues(filled('2026'), NOW)).toEqual({});
    expect(checkValues(filled('2028'), NOW).taxYear).toBe('Choose a year from 2011 to 2027');
  });

  it('puts the server’s 422 paths on the form’s fields', () => {
    expect(fieldOfServerPath('btin')).toBe('btin');
    expect(fieldOfServerPath('taxYear')).toBe('taxYear');
    expect(fieldOfServerPath('incomes')).toBe('incomes');
    expect(fieldOfServerPath('incomes.2.amountKobo')).toBe('incomes.2.amount');
    expect(fieldOfServerPath('incomes.0.source')).toBe('incomes.0.source');
    expect(fieldOfServerPath('deductions.annualRentKobo')).toBe('deductions.rentRelief');
    expect(fieldOfServerPath('deductions.pensionKobo')).toBe('deductions.pension');
    expect(fieldOfServerPath('version')).toBeNull();
  });
});
