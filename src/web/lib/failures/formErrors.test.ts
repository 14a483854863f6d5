import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api';
import {
  FIELDS_NEED_CORRECTING,
  fieldByHead,
  fieldByPath,
  showServerErrors,
  toFieldErrors,
  validateWith,
} from './formErrors';

/** A form as Mantine's useForm offers it to the helper: its values, and the errors it shows. */
function formOf(values: object) {
  const shown: Record<string, unknown> = {};
  return {
    shown,
    getValues: () => values,
    setErrors: (errors: Record<string, unknown>) => Object.assign(shown, errors),
  };
}

const refused = (issues: { path: string; message: string }[]) =>
  new ApiError({
    status: 422,
    code: 'VALIDATION_FAILED',
    message: 'The request is not valid',
    details: { issues: issues.map((issue) => ({ where: 'body', ...issue })) },
  });

describe('a refused save put beside its fields', () => {
  it("puts each 422 issue on the form's field, renamed, and says the rest above the form", () => {
    const form = formOf({ name: '', defaultAmount: '', serviceTypeIds: [] });
    const left = showServerErrors(
      form,
      refused([
        { path: 'defaultAmountKobo', message: 'At most ₦10,000,000' },
        { path: 'serviceTypeIds.1', message: 'Digits only' },
        { path: 'serviceTypeIds.2', message: 'A second message for the same field' },
        { path: 'mdaId', message: 'This MDA is closed' },
      ]),
      { fieldOf: fieldByHead({ defaultAmountKobo: 'defaultAmount' }) },
    );
    expect(form.shown).toEqual({
      defaultAmount: 'At most ₦10,000,000',
      serviceTypeIds: 'Digits only',
    });
    expect(left).toBe('This MDA is closed');
  });

  it('keeps a nested path whole for a form with lists of fields', () => {
    const form = formOf({ directors: [{ nin: '' }, { nin: '' }] });
    const left = showServerErrors(
      form,
      refused([{ path: 'directors.1.nin', message: 'Eleven digits' }]),
      { fieldOf: fieldByPath },
    );
    expect(form.shown).toEqual({ 'directors.1.nin': 'Eleven digits' });
    expect(left).toBe(FIELDS_NEED_CORRECTING);
  });

  it('says nothing above the form when asked to, once every issue is on a field', () => {
    const form = formOf({ reason: '' });
    const issue = [{ path: 'reason', message: 'At least 5 characters' }];
    expect(showServerErrors(form, refused(issue), { whenAllOnFields: null })).toBeNull();
  });

  it('puts a 409 on the field it names, and leaves one naming no field of the form above it', () => {
    const taken = (field: string) =>
      new ApiError({
        status: 409,
        code: 'CONFLICT',
        message: 'Another officer has this username',
        details: { field },
      });
    const form = formOf({ username: '', email: '' });
    expect(showServerErrors(form, taken('username'))).toBe(FIELDS_NEED_CORRECTING);
    expect(form.shown).toEqual({ username: 'Another officer has this username' });
    expect(showServerErrors(formOf({ email: '' }), taken('code'))).toBe(
      'Another officer has this username',
    );
  });

  it('puts a password against the policy beside the password field', () => {
    const form = formOf({ temporaryPassword: '' });
    const weak = new ApiError({
      status: 422,
      code: 'WEAK_PASSWORD',
      message: 'Use at least 12 characters',
    });
    showServerErrors(form, weak, { passwordField: 'temporaryPassword' });
    expect(form.shown).toEqual({ temporaryPassword: 'Use at least 12 characters' });
  });

  it("answers any other error in the server's words, touching no field", () => {
    const form = formOf({ name: '' });
    const down = new ApiError({ status: 503, code: 'UNEXPECTED_RESPONSE', message: 'Try later' });
    expect(showServerErrors(form, down)).toBe('Try later');
    expect(form.shown).toEqual({});
  });

  it('keeps the first message per field and returns what names no field apart', () => {
    const toForm = (path: string) => (path.startsWith('receipts') ? path : null);
    expect(
      toFieldErrors(
        [
          { path: 'receipts.0.rrr', message: 'Not paid' },
          { path: 'receipts.0.rrr', message: 'second' },
          { path: 'kind', message: 'Unknown kind' },
        ],
        toForm,
      ),
    ).toEqual({ errors: { 'receipts.0.rrr': 'Not paid' }, elsewhere: ['Unknown kind'] });
  });
});

describe('a form validated by the shared schema', () => {
  const Input = z.object({ name: z.string().min(2, 'Too short'), amountKobo: z.number().max(10) });
  type Values = { name: string; amount: number };
  const toInput = (values: Values) => ({ name: values.name, amountKobo: values.amount * 100 });

  it('puts each message on the field the officer typed', () => {
    const validate = validateWith(Input, toInput, {
      fieldOf: fieldByHead({ amountKobo: 'amount' }),
    });
    expect(validate({ name: 'A', amount: 5 })).toEqual({
      name: 'Too short',
      amount: expect.any(String),
    });
  });

  it('holds only the changed fields to the rules when editing an older record', () => {
    const validate = validateWith(Input, toInput, {
      fieldOf: fieldByPath,
      editedFrom: { name: 'A', amountKobo: 5000 },
    });
    expect(validate({ name: 'A', amount: 2 })).toEqual({ amountKobo: expect.any(String) });
  });
});
