import { type FormErrors, schemaResolver } from '@mantine/form';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import { BacklogAssessmentInput } from '../../../../shared/assessments/input';
import { toFieldErrors } from '../../../lib/failures/formErrors';
import { type BacklogValues, formPathOf, missingFields, toBacklogInput } from './backlogForm';

/**
 * The backlog form's checks, the server's own schema (BacklogAssessmentInput). This is the one
 * module of the page that imports zod: the form fetches it when the officer first uses it
 * (lib/forms/deferredChecks.ts, docs/architecture.md §9 "Web"), not with the page.
 */

const resolveBacklog = schemaResolver(BacklogAssessmentInput, { sync: true });

/** Checked as the server checks it, each message put on the field the officer typed. */
export function checkBacklog(kind: AssessmentKind, values: BacklogValues): FormErrors {
  const issues = Object.entries(resolveBacklog(toBacklogInput(kind, values))).map(
    ([path, message]) => ({ path, message: String(message) }),
  );
  const { errors } = toFieldErrors(issues, formPathOf);
  const missing = missingFields(values);
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path, missing[path] ?? message]),
  );
}
