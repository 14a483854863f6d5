import { Rrr } from '../../../shared/payments/rrr';
import { BATCH_MAX_BYTES, RrrStatusQuery } from '../../../shared/payments/views';

/** docs/product.md §5: the RRR is required (red when touched and empty), and Remita's RRRs are 12 digits. */
export function rrrFieldError(value: string): string | null {
  if (value.trim() === '') return 'Enter the RRR';
  const parsed = Rrr.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'An RRR is 12 digits');
}

/** The same rule the server applies to `mdaId`. */
export function mdaFieldError(value: string | null): string | null {
  const parsed = RrrStatusQuery.shape.mdaId.safeParse(value ?? '');
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Choose the MDA');
}

/**
 * Refuses, before any upload, what the server would refuse anyway for its name or size
 * (docs/product.md §5 "the batch upload accepts csv"; the 2 MB limit). Its content the server checks.
 */
export function batchFileError(file: { name: string; size: number } | null): string | null {
  if (!file) return 'Choose the CSV file of RRRs';
  if (!/\.csv$/i.test(file.name)) return `${file.name} is not a .csv file. Save it as CSV first.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > BATCH_MAX_BYTES) {
    return `${file.name} is larger than 2 MB. Split it into smaller files.`;
  }
  return null;
}
