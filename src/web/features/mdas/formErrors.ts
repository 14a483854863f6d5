import { type FormErrors, schemaResolver } from '@mantine/form';
import { isApiError, validationIssues } from '../../lib/api';

type Schema = Parameters<typeof schemaResolver>[0];

/** Where an API field is typed in a form whose value has another name (kobo typed as naira). */
export type FieldNames = Record<string, string>;

/** The form field a path belongs to: `serviceTypeIds.1` is shown beside the tags input. */
function toField(path: string, names: FieldNames): string {
  const head = path.split('.')[0] ?? '';
  return names[head] ?? head;
}

/** One message per field, the first found. */
function byField(entries: [string, string][]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of entries) errors[field] ??= message;
  return errors;
}

/**
 * A form validator from a shared schema: the values become the body they would send and are
 * checked as the server checks it, each message put on the field the officer typed.
 */
export function validateWith<V, I>(
  schema: Schema,
  toInput: (values: V) => I,
  names: FieldNames = {},
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) =>
    byField(
      Object.entries(resolve(toInput(values))).map(([path, message]) => [
        toField(path, names),
        String(message),
      ]),
    );
}

type ErrorTarget = { getValues: () => object; setErrors: (errors: FormErrors) => void };

/**
 * Puts a refused save beside its field: each issue of a 422, or the field a 409 names (a code
 * taken already). Answers what is left to say above the form, or null.
 */
export function showSaveError(form: ErrorTarget, error: Error, names: FieldNames = {}) {
  const fields = new Set(Object.keys(form.getValues()));
  const onField = (path: string) => fields.has(toField(path, names));
  if (isApiError(error) && error.code === 'CONFLICT') {
    const field = (error.details as { field?: unknown } | undefined)?.field;
    if (typeof field === 'string' && onField(field)) {
      form.setErrors({ [toField(field, names)]: error.message });
      return null;
    }
    return error.message;
  }
  const issues = validationIssues(error);
  if (issues.length === 0) return error.message;
  const mine = issues.filter((issue) => onField(issue.path));
  form.setErrors(byField(mine.map((i) => [toField(i.path, names), i.message])));
  const elsewhere = issues.filter((issue) => !mine.includes(issue));
  return elsewhere.length > 0 ? elsewhere.map((issue) => issue.message).join(' ') : null;
}
