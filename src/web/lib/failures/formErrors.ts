import { type FormErrors, schemaResolver } from '@mantine/form';
import { isApiError, validationIssues } from '../api/api';
import { changedFields } from '../forms/changedFields';
import { type FieldOf, toFieldErrors } from './fieldErrors';

/**
 * A refused save, put where the officer looks (docs/architecture.md §3 error shape): each field issue of
 * a 422, or the field a 409 names (a code taken already), beside its field; whatever names no
 * field of the form, above it. The one mapping from server errors to form fields: a form
 * says only how an API path reads in it (`FieldOf`).
 */

export { type FieldOf, toFieldErrors } from './fieldErrors';

/** Where an API field is typed in a form whose value has another name (kobo typed as naira). */
export type FieldNames = Record<string, string>;

/**
 * The field of the path's first part, renamed: `serviceTypeIds.1` shows beside the tags
 * input of `serviceTypeIds`. For forms of flat fields.
 */
export function fieldByHead(names: FieldNames = {}): FieldOf {
  return (path) => {
    const head = path.split('.')[0] ?? '';
    return head === '' ? null : (names[head] ?? head);
  };
}

/** The path as it is: `directors.1.nin` is a field of its own (a form with lists of fields). */
export const fieldByPath: FieldOf = (path) => (path === '' ? null : path);

/** Said above the form when every issue sits beside its field. */
export const FIELDS_NEED_CORRECTING = 'Some fields need correcting: see the messages beside them.';

type ErrorTarget = { getValues: () => object; setErrors: (errors: FormErrors) => void };

export type ServerErrorOptions = {
  /** How an API path reads in this form; fieldByHead() unless given. */
  fieldOf?: FieldOf;
  /** The field a WEAK_PASSWORD refusal belongs beside (a new or temporary password). */
  passwordField?: string | undefined;
  /** What to say above the form once every message is beside its field; null says nothing. */
  whenAllOnFields?: string | null;
};

/**
 * Puts a refused save's errors beside their fields and answers what is left to say above the
 * form: the messages of no field, the server's message of any other error, or
 * `whenAllOnFields`.
 */
export function showServerErrors(
  form: ErrorTarget,
  error: Error,
  options: ServerErrorOptions = {},
): string | null {
  const {
    fieldOf = fieldByHead(),
    passwordField,
    whenAllOnFields = FIELDS_NEED_CORRECTING,
  } = options;
  const formFields = new Set(Object.keys(form.getValues()));
  const onForm: FieldOf = (path) => {
    const field = fieldOf(path);
    return field !== null && formFields.has(field.split('.')[0] ?? '') ? field : null;
  };
  if (isApiError(error) && error.code === 'CONFLICT') {
    const named = (error.details as { field?: unknown } | undefined)?.field;
    const field = typeof named === 'string' ? onForm(named) : null;
    if (field === null) return error.message;
    form.setErrors({ [field]: error.message });
    return whenAllOnFields;
  }
  if (isApiError(error) && error.code === 'WEAK_PASSWORD' && passwordField) {
    form.setErrors({ [passwordField]: error.message });
    return whenAllOnFields;
  }
  const issues = validationIssues(error);
  if (issues.length === 0) return error.message;
  const { errors, elsewhere } = toFieldErrors(issues, onForm);
  form.setErrors(errors);
  return elsewhere.length > 0 ? elsewhere.join(' ') : whenAllOnFields;
}

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form validator from a shared schema: the values become the body they would send and are
 * checked as the server checks it, each message put on its field (`fieldOf`). When editing
 * (`editedFrom`), only the fields the officer changed are held to the rules: an older record
 * missing a field can still have another one corrected.
 */
export function validateWith<V, I>(
  schema: Schema,
  toInput: (values: V) => I,
  options: { fieldOf?: FieldOf; editedFrom?: I | undefined } = {},
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  const { fieldOf = fieldByHead(), editedFrom } = options;
  return (values) => {
    const input = toInput(values);
    let issues = Object.entries(resolve(input)).map(([path, message]) => ({
      path,
      message: String(message),
    }));
    if (editedFrom !== undefined) {
      const changed = new Set(Object.keys(changedFields(editedFrom as object, input as object)));
      issues = issues.filter((issue) => changed.has(issue.path.split('.')[0] ?? ''));
    }
    return toFieldErrors(issues, fieldOf).errors;
  };
}
