import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api';
import { showSaveErrors } from './DirectAssessmentForm';

function target() {
  const shown: Record<string, string> = {};
  return { shown, setErrors: (errors: Record<string, string>) => Object.assign(shown, errors) };
}

describe('a refused save', () => {
  it('puts 422 issues beside their fields, and what no field shows above the button', () => {
    const form = target();
    const error = new ApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'body/incomes/0/amountKobo: An amount cannot be negative',
      details: {
        issues: [
          { where: 'body', path: 'incomes.0.amountKobo', message: 'An amount cannot be negative' },
          { where: 'body', path: 'btin', message: 'X is a company' },
          { where: 'body', path: 'deductions.annualRentKobo', message: 'Too large' },
          { where: 'body', path: 'version', message: 'Expected a number' },
        ],
      },
    });
    expect(showSaveErrors(form, error)).toBe('Expected a number');
    expect(form.shown).toEqual({
      'incomes.0.amount': 'An amount cannot be negative',
      btin: 'X is a company',
      'deductions.rentRelief': 'Too large',
    });
  });

  it('says the field errors are beside the fields when all found one', () => {
    const form = target();
    const error = new ApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'taxYear',
      details: { issues: [{ where: 'body', path: 'taxYear', message: 'At most 2027' }] },
    });
    expect(showSaveErrors(form, error)).toBe(
      'Some fields need correcting: see the messages beside them.',
    );
    expect(form.shown).toEqual({ taxYear: 'At most 2027' });
  });

  it('shows a BTIN nobody has beside the BTIN, and a 409 in the server’s words', () => {
    const form = target();
    const notFound = new ApiError({
      status: 404,
      code: 'TAXPAYER_NOT_FOUND',
      message: 'No taxpayer has BTIN 1000000011.',
    });
    expect(showSaveErrors(form, notFound)).toBeNull();
    expect(form.shown).toEqual({ btin: 'No taxpayer has BTIN 1000000011.' });
    const stale = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'Someone saved this draft after you opened it.',
    });
    expect(showSaveErrors(target(), stale)).toBe('Someone saved this draft after you opened it.');
  });
});
