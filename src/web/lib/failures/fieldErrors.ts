import type { ValidationIssue } from '../api/api';

/**
 * The mapping of a refusal's field issues to a form's fields, apart from formErrors.ts (which
 * re-exports it): that module builds validators with the form packages, and a page whose first
 * draw only maps a server's refusal (the TCC generate form, whose checks load at the first key)
 * need not load those packages with it (docs/architecture.md §9 "Web").
 */

/** The form field an API path is shown on (`taxKobo` → `tax`), or null when the form has none. */
export type FieldOf = (apiPath: string) => string | null;

/** Field issues by form field, the first message of each; the messages of no field apart. */
export function toFieldErrors(
  issues: readonly Pick<ValidationIssue, 'path' | 'message'>[],
  fieldOf: FieldOf,
): { errors: Record<string, string>; elsewhere: string[] } {
  const errors: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field === null) elsewhere.push(issue.message);
    else errors[field] ??= issue.message;
  }
  return { errors, elsewhere };
}
