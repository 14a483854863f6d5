import { TCC_BATCH_MAX_BYTES, TCC_BATCH_MAX_ROWS } from '../../../../shared/tcc/bulk';
import type { BatchUploadWords } from '../../../files/batchUpload';

/** For `@fastify/multipart`: one payroll file of at most 5 MB and the MDA chosen in the panel. */
export const TCC_BATCH_MULTIPART_LIMITS = {
  fileSize: TCC_BATCH_MAX_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
} as const;

export const TCC_BATCH_UPLOAD_WORDS: BatchUploadWords = {
  notMultipart:
    'Send the payroll file as multipart/form-data, in the field "file", with the field "mdaId".',
  noFile: 'Choose a .csv or .xlsx file to upload (field "file").',
  tooLarge: `The file is larger than 5 MB. Split it into smaller files of at most ${TCC_BATCH_MAX_ROWS.toLocaleString('en-US')} employees.`,
  oneFileOnly: 'Upload one file at a time.',
  tooManyFields: 'The upload holds more fields than the panel sends.',
};
