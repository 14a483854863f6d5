import { type FormErrors, schemaResolver } from '@mantine/form';
import type { TccKind } from '../../../../shared/tcc/enums';
import { TccGenerateInput, TccResubmitInput } from '../../../../shared/tcc/input';
import type { TccPreview } from '../../../../shared/tcc/views';
import { toFieldErrors } from '../../../lib/failures/fieldErrors';
import {
  formPathOf,
  missingFields,
  openForPurpose,
  openRefusal,
  type TccFormValues,
  toGenerateInput,
  toResubmitInput,
} from './tccForm';

const resolveGenerate = schemaResolver(TccGenerateInput, { sync: true });
const resolveResubmit = schemaResolver(TccResubmitInput, { sync: true });

export type TccFormContext = {
  kind: TccKind;
  /** The certificate being amended (POST …/resubmit), or none (POST /tcc). */
  amendingId?: string | undefined;
  preview: TccPreview | undefined;
  /** Why the employer's BTIN cannot be used (not found, not a company), or null. */
  employerRefusal: string | null;
};

/**
 * Checked as the server checks it (the shared schemas of src/shared/tcc/input.ts), each message
 * put on the field the officer typed, plus what the server would refuse that the schema cannot
 * know: a second open certificate for the purpose, an employer that is not a company.
 */
export function validateTcc(context: TccFormContext) {
  return (values: TccFormValues): FormErrors => {
    const resolved = context.amendingId
      ? resolveResubmit(toResubmitInput(context.kind, values))
      : resolveGenerate(toGenerateInput(context.kind, values));
    const { errors } = toFieldErrors(
      Object.entries(resolved).map(([path, message]) => ({ path, message: String(message) })),
      formPathOf,
    );
    const missing = missingFields(context.kind, values);
    const result: FormErrors = Object.fromEntries(
      Object.entries(errors).map(([path, message]) => [path, missing[path] ?? message]),
    );
    const open = openForPurpose(context.preview?.open ?? [], values.purpose, context.amendingId);
    if (open) result.purpose = openRefusal(open);
    if (context.employerRefusal && !result.employerBtin) {
      result.employerBtin = context.employerRefusal;
    }
    return result;
  };
}
