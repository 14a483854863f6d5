import { describe, expect, it } from 'vitest';
import { readSheetUpload, type SheetUploadSpec } from './sheet';

const SPEC: SheetUploadSpec = {
  accept: ['csv', 'xlsx'],
  maxBytes: 1_000_000,
  maxRows: 10,
  rowsAre: 'rows',
  saveHint: 'Save it again as .xlsx or as CSV.',
  emptyHint: 'A header, then rows.',
};

describe('readSheetUpload', () => {
  // Found by the route fuzz: a one-byte "payroll.xlsx" read its zip signature past the end of
  // the buffer and answered 500 on every upload that takes XLSX.
  it.each([[[0]], [[0x50, 0x4b]], [[0x50, 0x4b, 0x03]]])(
    'refuses an .xlsx shorter than a zip signature (%j) as an invalid file, not a crash',
    async (bytes) => {
      await expect(readSheetUpload(Buffer.from(bytes), 'payroll.xlsx', SPEC)).rejects.toMatchObject(
        {
          code: 'INVALID_FILE',
          message: expect.stringMatching(/not a zip archive/),
        },
      );
    },
  );
});
