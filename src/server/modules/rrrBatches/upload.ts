import { BATCH_MAX_BYTES } from '../../../shared/payments';
import type { BatchUploadWords } from '../../files/batchUpload';

/** For `@fastify/multipart`: one CSV of at most 2 MB and the MDA chosen in the dialog. */
export const BATCH_MULTIPART_LIMITS = {
  fileSize: BATCH_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
} as const;

export const RRR_BATCH_UPLOAD_WORDS: BatchUploadWords = {
  notMultipart: 'Send the CSV as multipart/form-data, in the field "file".',
  noFile: 'Choose a .csv file to upload (field "file").',
  tooLarge:
    'The file is larger than 2 MB (413). Split it into smaller files of at most 10,000 RRRs.',
  oneFileOnly: 'Upload one .csv file at a time.',
  tooManyFields: 'The upload holds more fields than the dialog sends.',
};
