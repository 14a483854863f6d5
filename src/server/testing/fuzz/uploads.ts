import fc from 'fast-check';
import { nastyString } from './junk';
import type { Upload } from './operations';

/**
 * Multipart bodies for the upload routes: the right field or a wrong one, and file contents from
 * a plausible file to junk (empty, random bytes, a broken XLSX, CSV formulas, as many rows as the
 * limit allows and one more, a file past the size limit).
 */

/** The smallest valid PNG (1×1, transparent). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_SIGNATURE = TINY_PNG.subarray(0, 8);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
/** A ZIP's local file header: what an XLSX starts with, here with nothing valid after it. */
const ZIP_START = Buffer.from('PK\u0003\u0004', 'binary');

export type UploadFile = { fileName: string; contentType: string; bytes: Buffer };
export type MultipartInput = {
  fileField: string;
  file: UploadFile | null;
  fields: [string, string][];
  /** Cut the body short, before its closing boundary. */
  truncate: boolean;
};

const bytes = (maxLength: number) => fc.uint8Array({ maxLength }).map((a) => Buffer.from(a));

const CSV_INJECTION = [
  '=HYPERLINK("http://evil")',
  '+1+1',
  '-2+3',
  '@SUM(A1)',
  "=cmd|' /C calc'!A0",
];

function csvOf(header: string, rows: string[]): Buffer {
  return Buffer.from(`${header}\n${rows.join('\n')}\n`, 'utf8');
}

function rrrCsv(): fc.Arbitrary<Buffer> {
  const cell = fc.oneof(
    fc.stringMatching(/^\d{12}$/),
    fc.constantFrom(...CSV_INJECTION),
    nastyString().map((s) => s.slice(0, 200)),
    fc.constant('"unclosed'),
  );
  return fc.oneof(
    fc.array(cell, { maxLength: 30 }).map((rows) => csvOf('rrr,mdaCode', rows)),
    fc.array(cell, { maxLength: 30 }).map((rows) => csvOf('\uFEFFRRR', rows)),
    fc.array(cell, { maxLength: 5 }).map((rows) => csvOf('not,the,header', rows)),
    // At the row limit (10,000) and one past it, within the 2 MB limit.
    fc.constantFrom(10_000, 10_001).map((n) =>
      csvOf(
        'rrr',
        Array.from({ length: n }, (_, i) => String(100_000_000_000 + i)),
      ),
    ),
  );
}

function payrollCsv(template: string): fc.Arbitrary<Buffer> {
  const [header = '', example = ''] = template.split(/\r?\n/);
  const cells = example.split(',');
  const mutatedRow = fc
    .array(
      fc.oneof(
        fc.constantFrom(...cells),
        fc.constantFrom(...CSV_INJECTION),
        nastyString().map((s) => s.slice(0, 100)),
      ),
      {
        minLength: 0,
        maxLength: cells.length + 2,
      },
    )
    .map((row) => row.map((c) => (c.includes(',') ? `"${c.replaceAll('"', '""')}"` : c)).join(','));
  return fc.oneof(
    fc
      .array(fc.oneof(fc.constant(example), mutatedRow), { maxLength: 20 })
      .map((rows) => csvOf(header, rows)),
    fc.constant(csvOf(header, [])),
    // The row limit is 5,000; one more is refused as a whole.
    fc.constantFrom(5_000, 5_001).map((n) =>
      csvOf(
        header,
        Array.from({ length: n }, () => example),
      ),
    ),
  );
}

function fileContent(upload: Upload, payrollTemplate: string): fc.Arbitrary<Buffer> {
  const common = [
    fc.constant(Buffer.alloc(0)),
    bytes(2_048),
    bytes(512).map((b) => Buffer.concat([ZIP_START, b])),
  ];
  switch (upload.kind) {
    case 'image':
      return fc.oneof(
        ...common,
        fc.constant(TINY_PNG),
        bytes(1_024).map((b) => Buffer.concat([PNG_SIGNATURE, b])),
        bytes(1_024).map((b) => Buffer.concat([JPEG_START, b])),
        fc.constant(Buffer.from('<svg onload="alert(1)"/>')),
        // Past the limit (2 MB for a photo, 200 KB for a signature).
        fc.constant(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(2 * 1024 * 1024)])),
      );
    case 'rrr-csv':
      return fc.oneof(...common, rrrCsv(), fc.constant(Buffer.alloc(2 * 1024 * 1024 + 1, 0x31)));
    case 'payroll':
      return fc.oneof(
        ...common,
        payrollCsv(payrollTemplate),
        fc.constant(Buffer.alloc(5 * 1024 * 1024 + 1, 0x31)),
      );
  }
}

const FILE_NAMES = [
  'upload.csv',
  'payroll.xlsx',
  'photo.png',
  'photo.jpg',
  '',
  '../../x.csv',
  'ﺏ\u202Eexe.csv',
  'a"b.csv',
];
const CONTENT_TYPES = [
  'text/csv',
  'image/png',
  'image/jpeg',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export function multipartInput(
  upload: Upload,
  payrollTemplate: string,
  mdaIds: () => fc.Arbitrary<string>,
): fc.Arbitrary<MultipartInput> {
  const file = fc.record({
    fileName: fc.constantFrom(...FILE_NAMES),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    bytes: fileContent(upload, payrollTemplate),
  });
  const mdaField = upload.withMdaId
    ? fc.option(
        mdaIds().map((id): [string, string] => ['mdaId', id]),
        { nil: null },
      )
    : fc.constant(null);
  return fc.record({
    fileField: fc.oneof(
      { weight: 5, arbitrary: fc.constant(upload.field) },
      { weight: 1, arbitrary: fc.constantFrom('file', 'photo', 'x', '') },
    ),
    file: fc.option(file, { nil: null, freq: 8 }),
    fields: fc
      .tuple(
        mdaField,
        fc.array(
          fc.tuple(
            fc.constantFrom('mdaId', 'extra', '__proto__'),
            nastyString().map((s) => s.slice(0, 200)),
          ),
          { maxLength: 3 },
        ),
      )
      .map(([mda, extra]) => [...(mda ? [mda] : []), ...extra]),
    truncate: fc.oneof(
      { weight: 6, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  });
}

/** The bytes of a multipart/form-data body and its content type. */
export function encodeMultipart(input: MultipartInput): { payload: Buffer; contentType: string } {
  const boundary = '----revdesk-fuzz-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of input.fields) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  if (input.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${input.fileField}"; filename="${input.file.fileName}"\r\nContent-Type: ${input.file.contentType}\r\n\r\n`,
        'utf8',
      ),
      input.file.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (!input.truncate) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
