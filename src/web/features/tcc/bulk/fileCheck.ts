import { TCC_BATCH_MAX_BYTES } from '../../../../shared/tcc/enums';

/**
 * What the panel can tell about a chosen file before sending it (the server checks again, and
 * reads the header and the rows): its type and its size.
 */
export function payrollFileError(file: File | null): string | null {
  if (!file) return 'Choose the payroll file (.csv or .xlsx)';
  if (!/\.(csv|xlsx)$/i.test(file.name))
    return `Choose a .csv or .xlsx file; "${file.name}" is neither`;
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > TCC_BATCH_MAX_BYTES) {
    return `${file.name} is larger than 5 MB: split it into smaller files`;
  }
  return null;
}
