import { describe, expect, it } from 'vitest';
import { makeBtin } from '../../../../shared/btin';
import { TccGenerateInput, TccResubmitInput } from '../../../../shared/tcc/input';
import type { TccPreview, TccView } from '../../../../shared/tcc/views';
import { toFieldErrors } from '../../../lib/failures/formErrors';
import {
  emptyReceipt,
  emptyTccForm,
  enteredFlags,
  formPathOf,
  justificationsFor,
  openForPurpose,
  type TccFormValues,
  toGenerateInput,
  toResubmitInput,
  valuesFromView,
} from './tccForm';
import { validateTcc } from './validate';

const btin = makeBtin(100_000_001);
const employerBtin = makeBtin(100_000_002);
const mdaId = '5b0c3f1e-8a1d-4c55-9a43-2f7de1f0a111';
const tccId = '0f4a2b7e-1111-4c55-9a43-2f7de1f0a222';

function paye(): TccFormValues {
  return {
    ...emptyTccForm([2023, 2024, 2025]),
    btin: ` ${btin} `,
    purpose: 'loan',
    sourceOfIncome: ' Salary ',
    employerBtin,
    years: [2023, 2024, 2025].map((year) => ({
      year,
      income: 2_400_000,
      tax: '120000.5',
      paid: '120000.5',
      receipts: [
        { ...emptyReceipt(), number: ` R-${year} `, date: `${year}-12-31`, amount: 10_000 },
      ],
    })),
  };
}

function preview(open: TccPreview['open'] = []): TccPreview {
  return {
    kind: 'paye',
    btin,
    holder: { name: 'Ada Obi', address: null, nationalId: null, phone: null, hasPhoto: false },
    years: [],
    feeKobo: 0,
    open,
    held: [],
  };
}

describe('the generate body', () => {
  it('sends kobo, trimmed text and only the fields of its kind', () => {
    const body = toGenerateInput('paye', paye());
    expect(body).toEqual({
      kind: 'paye',
      btin,
      purpose: 'loan',
      sourceOfIncome: 'Salary',
      justifications: [],
      employerBtin,
      years: [2023, 2024, 2025].map((year) => ({
        year,
        incomeKobo: 240_000_000,
        taxKobo: 12_000_050,
        paidKobo: 12_000_050,
        receipts: [{ number: `R-${year}`, date: `${year}-12-31`, amountKobo: 1_000_000 }],
      })),
    });
    expect(TccGenerateInput.safeParse(body).success).toBe(true);
  });

  it('leaves the years out of a direct-assessment certificate and keeps the detail of "other"', () => {
    const values = {
      ...paye(),
      purpose: 'other' as const,
      purposeDetail: ' Tender ',
      justifications: [{ year: 2024, text: ' Paying by instalments agreed ' }],
    };
    const body = toGenerateInput('direct-assessment', values);
    expect(body).not.toHaveProperty('years');
    expect(body).not.toHaveProperty('employerBtin');
    expect(body).toMatchObject({
      purposeDetail: 'Tender',
      justifications: [{ year: 2024, text: 'Paying by instalments agreed' }],
    });
    expect(TccGenerateInput.safeParse(body).success).toBe(true);
  });

  it('sends the MDA and staff number of an MDA employee', () => {
    const body = toGenerateInput('mda-employee', { ...paye(), mdaId, staffNumber: ' S/42 ' });
    expect(body).toMatchObject({ kind: 'mda-employee', mdaId, staffNumber: 'S/42' });
    expect(body).not.toHaveProperty('employerBtin');
    expect(TccGenerateInput.safeParse(body).success).toBe(true);
  });
});

describe('the resubmit body', () => {
  it('carries the note and what the kind may change, never the taxpayer', () => {
    const body = toResubmitInput('paye', { ...paye(), note: ' Corrected 2024 ' });
    expect(body).not.toHaveProperty('btin');
    expect(body).not.toHaveProperty('employerBtin');
    expect(body.note).toBe('Corrected 2024');
    expect(body).toHaveProperty('years');
    expect(TccResubmitInput.safeParse(body).success).toBe(true);
    expect(toResubmitInput('direct-assessment', paye())).not.toHaveProperty('years');
  });
});

describe('flags and justifications', () => {
  it('flags a typed year whose PAYE paid is short of the tax', () => {
    const values = paye();
    values.years = values.years.map((year) =>
      year.year === 2024 ? { ...year, paid: 100_000 } : year,
    );
    expect(enteredFlags(values).map((year) => year.flag)).toEqual([null, 'arrears', null]);
  });

  it('asks one justification per flagged year, keeping what was written', () => {
    const years = [
      { year: 2023, flag: 'no_assessment' as const },
      { year: 2024, flag: null },
      { year: 2025, flag: 'arrears' as const },
    ];
    expect(
      justificationsFor(years, [
        { year: 2025, text: 'kept' },
        { year: 2024, text: 'x' },
      ]),
    ).toEqual([
      { year: 2023, text: '' },
      { year: 2025, text: 'kept' },
    ]);
  });
});

describe('validation on the form', () => {
  const validate = validateTcc({ kind: 'paye', preview: preview(), employerRefusal: null });

  it('passes a complete PAYE form', () => {
    expect(validate(paye())).toEqual({});
  });

  it('says what an empty box needs, on the field typed in naira', () => {
    const values = paye();
    values.years = values.years.map((year) =>
      year.year === 2023
        ? { ...year, income: '' }
        : year.year === 2025
          ? { ...year, receipts: year.receipts.map((r) => ({ ...r, amount: '', date: null })) }
          : year,
    );
    const errors = validate({ ...values, sourceOfIncome: '' });
    expect(errors['years.0.income']).toBe('Enter the income of 2023');
    expect(errors['years.2.receipts.0.amount']).toBe('Enter the amount on the receipt');
    expect(errors['years.2.receipts.0.date']).toBe('Enter the date of the receipt');
    expect(errors.sourceOfIncome).toMatch(/source of income/);
  });

  it('wants a justification of at least 10 characters for a flagged year', () => {
    const errors = validate({ ...paye(), justifications: [{ year: 2024, text: 'short' }] });
    expect(errors['justifications.0.text']).toMatch(/at least 10 characters/);
  });

  it('refuses before the server a second open certificate for the purpose', () => {
    const open = [
      {
        id: tccId,
        number: 'BIR/TCC/2026/7',
        purpose: 'loan' as const,
        status: 'pending_chairman' as const,
      },
    ];
    const errors = validateTcc({ kind: 'paye', preview: preview(open), employerRefusal: null })(
      paye(),
    );
    expect(errors.purpose).toMatch(/BIR\/TCC\/2026\/7 .* is still open/);
    // The certificate being amended does not stand in its own way.
    expect(openForPurpose(open, 'loan', tccId)).toBeUndefined();
    expect(openForPurpose(open, 'visa')).toBeUndefined();
  });

  it('puts the employer refusal on the employer BTIN', () => {
    const errors = validateTcc({
      kind: 'paye',
      preview: preview(),
      employerRefusal: 'Ada Obi is an individual: the employer must be a registered company',
    })(paye());
    expect(errors.employerBtin).toMatch(/registered company/);
  });

  it('requires the note of what changed when amending', () => {
    const errors = validateTcc({
      kind: 'paye',
      amendingId: tccId,
      preview: preview(),
      employerRefusal: null,
    })(paye());
    expect(errors.note).toMatch(/what you changed/);
  });
});

describe('server paths on the form', () => {
  it('maps kobo fields to the naira boxes and drops unknown paths apart', () => {
    expect(formPathOf('years.1.taxKobo')).toBe('years.1.tax');
    expect(formPathOf('years.0.receipts.2.amountKobo')).toBe('years.0.receipts.2.amount');
    expect(formPathOf('justifications.0.text')).toBe('justifications.0.text');
    expect(formPathOf('kind')).toBeNull();
    expect(
      toFieldErrors(
        [
          { path: 'employerBtin', message: 'Not a company' },
          { path: 'kind', message: 'Unknown kind' },
        ],
        formPathOf,
      ),
    ).toEqual({ errors: { employerBtin: 'Not a company' }, elsewhere: ['Unknown kind'] });
  });
});

describe('amending a rejected certificate', () => {
  it('fills the form from it, amounts back in naira', () => {
    const view = {
      btin,
      purpose: 'visa',
      purposeDetail: null,
      sourceOfIncome: 'Salary',
      comment: null,
      exemption: null,
      employer: { btin: employerBtin, name: 'Acme Ltd' },
      mda: null,
      staffNumber: null,
      years: [
        {
          year: 2024,
          incomeKobo: 240_000_000,
          taxKobo: 12_000_050,
          paidKobo: 10_000_000,
          outstandingKobo: 2_000_050,
          receipts: [{ number: 'R-1', date: '2024-12-31', amountKobo: 10_000_000 }],
          flag: 'arrears',
          justification: 'Agreed to pay in 2026',
          assessmentIds: [],
        },
      ],
    } as unknown as TccView;
    const values = valuesFromView(view);
    expect(values).toMatchObject({
      btin,
      purpose: 'visa',
      employerBtin,
      justifications: [{ year: 2024, text: 'Agreed to pay in 2026' }],
      years: [{ year: 2024, income: 2_400_000, tax: 120_000.5, paid: 100_000 }],
      note: '',
    });
    expect(values.years[0]?.receipts[0]).toMatchObject({ number: 'R-1', amount: 100_000 });
  });
});
