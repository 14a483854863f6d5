import { describe, expect, it } from 'vitest';
import { BacklogAssessmentInput } from '../../../../shared/assessments/input';
import { makeBtin } from '../../../../shared/btin';
import { toFieldErrors } from '../../../lib/failures/formErrors';
import { checkBacklog } from './backlogChecks';
import {
  emptyBacklog,
  emptyReceipt,
  formPathOf,
  missingFields,
  toBacklogInput,
} from './backlogForm';

const mdaId = '5b0c3f1e-8a1d-4c55-9a43-2f7de1f0a111';

function filled() {
  return {
    ...emptyBacklog(),
    btin: ' 1000000018 ',
    taxYear: 2022,
    grossIncome: 5_000_000,
    tax: '50000.5',
    receipts: [
      { ...emptyReceipt(mdaId), rrr: '2800-1234-5678', amount: 30_000, paidOn: '2023-03-01' },
      {
        ...emptyReceipt(mdaId),
        receiptNumber: ' OLD/771 ',
        amount: 20_000.5,
        paidOn: '2023-04-02',
      },
    ],
  };
}

describe('toBacklogInput', () => {
  it('sends kobo, trims text and leaves out what was not typed', () => {
    const input = toBacklogInput('direct', filled());
    expect(input).toEqual({
      kind: 'direct',
      btin: '1000000018',
      taxYear: 2022,
      grossIncomeKobo: 500_000_000,
      taxKobo: 5_000_050,
      receipts: [
        { mdaId, rrr: '2800-1234-5678', amountKobo: 3_000_000, paidOn: '2023-03-01' },
        { mdaId, receiptNumber: 'OLD/771', amountKobo: 2_000_050, paidOn: '2023-04-02' },
      ],
    });
    expect('chargeableIncomeKobo' in input).toBe(false);
    expect('evidenceNote' in input).toBe(false);
  });

  it('sends a trade category for presumptive tax only', () => {
    const values = { ...filled(), tradeCategoryId: mdaId };
    expect(toBacklogInput('presumptive', values).tradeCategoryId).toBe(mdaId);
    expect('tradeCategoryId' in toBacklogInput('direct', values)).toBe(false);
  });

  it('gives the shared schema what it needs to name each missing field', () => {
    const parsed = BacklogAssessmentInput.safeParse(toBacklogInput('direct', emptyBacklog()));
    expect(parsed.success).toBe(false);
    const paths = (parsed.error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'btin',
        'taxYear',
        'grossIncomeKobo',
        'taxKobo',
        'receipts.0.mdaId',
        'receipts.0.amountKobo',
        'receipts.0.paidOn',
      ]),
    );
    const { errors } = toFieldErrors(
      (parsed.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message })),
      formPathOf,
    );
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['tax', 'grossIncome', 'receipts.0.amount', 'receipts.0.paidOn']),
    );
  });
});

describe('checkBacklog', () => {
  it('puts the schema’s messages on the fields, an empty box told what to type', () => {
    const errors = checkBacklog('direct', emptyBacklog());
    expect(errors).toMatchObject({
      btin: 'A BTIN is 10 digits',
      grossIncome: 'Enter the gross income on the notice',
      tax: 'Enter the tax on the notice',
      'receipts.0.amount': 'Enter the amount paid',
      'receipts.0.paidOn': 'Enter the date it was paid',
    });
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['taxYear', 'receipts.0.mdaId']));
  });

  it('finds nothing wrong in a filled form', () => {
    expect(checkBacklog('direct', { ...filled(), btin: makeBtin(204_517_338) })).toEqual({});
  });
});

describe('missingFields', () => {
  it('tells what to type in each empty box, not how the body is shaped', () => {
    expect(missingFields(emptyBacklog())).toEqual({
      grossIncome: 'Enter the gross income on the notice',
      tax: 'Enter the tax on the notice',
      'receipts.0.amount': 'Enter the amount paid',
      'receipts.0.paidOn': 'Enter the date it was paid',
    });
    expect(missingFields(filled())).toEqual({});
  });
});

describe('formPathOf', () => {
  it('maps the API paths to the fields typed in naira', () => {
    expect(formPathOf('taxKobo')).toBe('tax');
    expect(formPathOf('chargeableIncomeKobo')).toBe('chargeableIncome');
    expect(formPathOf('receipts.1.amountKobo')).toBe('receipts.1.amount');
    expect(formPathOf('receipts.0.receiptNumber')).toBe('receipts.0.receiptNumber');
    expect(formPathOf('receipts')).toBe('receipts');
    expect(formPathOf('btin')).toBe('btin');
  });

  it('has no field for what the form does not show', () => {
    expect(formPathOf('kind')).toBeNull();
    expect(formPathOf('receipts.x.rrr')).toBeNull();
  });
});

describe('toFieldErrors with formPathOf', () => {
  it('keeps the first message per field and returns the rest apart', () => {
    expect(
      toFieldErrors(
        [
          { path: 'receipts.0.rrr', message: 'Remita says it is not paid' },
          { path: 'receipts.0.rrr', message: 'second' },
          { path: 'kind', message: 'Unknown kind' },
        ],
        formPathOf,
      ),
    ).toEqual({
      errors: { 'receipts.0.rrr': 'Remita says it is not paid' },
      elsewhere: ['Unknown kind'],
    });
  });
});
