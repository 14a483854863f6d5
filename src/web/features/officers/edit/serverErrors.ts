import type { FormErrors } from '@mantine/form';
import { isApiError } from '../../../lib/api';
import { showServerErrors } from '../../taxpayers/form/formValidation';

type ErrorTarget = { getValues: () => object; setErrors: (errors: FormErrors) => void };

/**
 * Puts a refused officer form's errors beside their fields: 422 field issues, a 409 naming the
 * username or e-mail another officer has, a password against the policy. Answers what is left
 * to say above the form.
 */
export function showOfficerFormErrors(
  form: ErrorTarget,
  error: Error,
  passwordField?: string,
): string | null {
  if (isApiError(error) && error.code === 'CONFLICT') {
    const field = (error.details as { field?: unknown } | undefined)?.field;
    if (typeof field === 'string' && field in form.getValues()) {
      form.setErrors({ [field]: error.message });
      return 'Some fields need correcting: see the messages beside them.';
    }
  }
  if (isApiError(error) && error.code === 'WEAK_PASSWORD' && passwordField) {
    form.setErrors({ [passwordField]: error.message });
    return 'Some fields need correcting: see the messages beside them.';
  }
  return showServerErrors(form, error);
}
