import { type FormErrors, schemaResolver } from '@mantine/form';
import { validationIssues } from '../../../lib/api';
import { changedFields } from '../../../lib/changedFields';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form validator from a shared schema: the values are turned into the body they would send
 * and checked as the server checks it. When editing, only the fields the officer changed are
 * held to the rules: an older record missing a field can still have another one corrected.
 */
export function schemaValidator<V, I extends object>(
  schema: Schema,
  toInput: (values: V) => I,
  editedFrom?: I,
): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const input = toInput(values);
    const errors = resolve(input);
    if (!editedFrom) return errors;
    const changed = new Set(Object.keys(changedFields(editedFrom, input)));
    return Object.fromEntries(
      Object.entries(errors).filter(([path]) => changed.has(path.split('.')[0] ?? '')),
    );
  };
}

type ErrorTarget = {
  getValues: () => object;
  setErrors: (errors: FormErrors) => void;
};

/**
 * Puts each field issue of a 422 answer beside its field. Returns what is left to say above
 * the form: the message of any other error, or of an issue that names no field of the form.
 */
export function showServerErrors(form: ErrorTarget, error: Error): string | null {
  const issues = validationIssues(error);
  if (issues.length === 0) return error.message;
  const fields = new Set(Object.keys(form.getValues()));
  const onFields = issues.filter((issue) => fields.has(issue.path.split('.')[0] ?? ''));
  form.setErrors(Object.fromEntries(onFields.map((issue) => [issue.path, issue.message])));
  const elsewhere = issues.filter((issue) => !onFields.includes(issue));
  if (elsewhere.length > 0) return elsewhere.map((issue) => issue.message).join(' ');
  return 'Some fields need correcting: see the messages beside them.';
}
