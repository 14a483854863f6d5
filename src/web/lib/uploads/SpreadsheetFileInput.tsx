import { FileInput, type FileInputProps } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/** What every upload takes unless it says otherwise: a CSV or an Excel workbook (ADR 0030). */
export const SPREADSHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file field of an upload: one required spreadsheet, removable with a named button. The
 * label, placeholder, value and error are the form's; `accept` narrows it (the RRR batch takes
 * .csv only).
 */
export function SpreadsheetFileInput(props: FileInputProps) {
  return (
    <FileInput
      accept={SPREADSHEET_ACCEPT}
      withAsterisk
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
      leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
      {...props}
    />
  );
}
