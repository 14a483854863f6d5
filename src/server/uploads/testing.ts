import { createDeflateRaw, deflateRawSync, crc32 as zlibCrc32 } from 'node:zlib';

/**
 * Workbooks for the upload tests, hostile ones included, built in the test from nothing but
 * node's zlib (not a test file itself). `zipOf` writes a plain zip (APPNOTE.TXT §4.3); an
 * entry given as `repeat` is deflated chunk by chunk, so a sheet that unpacks to hundreds of
 * megabytes never sits in the test's memory.
 */

type ZipSource = (
  | { name: string; text: string }
  | { name: string; prefix: string; repeat: string; times: number; suffix: string }
) & {
  /** The uncompressed size the headers declare, when it is to lie. */
  declare?: number;
};

/** zlib's own CRC-32 (Node ≥ 20.15), fed chunk by chunk. */
const crc32 = (crc: number, bytes: Buffer) => zlibCrc32(bytes, crc);

type Packed = { name: string; deflated: Buffer; size: number; crc: number };

async function pack(source: ZipSource): Promise<Packed> {
  if ('text' in source) {
    const bytes = Buffer.from(source.text, 'utf8');
    return {
      name: source.name,
      deflated: deflateRawSync(bytes),
      size: bytes.length,
      crc: crc32(0, bytes),
    };
  }
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  const write = async (bytes: Buffer) => {
    size += bytes.length;
    crc = crc32(crc, bytes);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(source.prefix));
  // 1 MB at a time.
  const block = Buffer.from(source.repeat.repeat(Math.ceil((1024 * 1024) / source.repeat.length)));
  const perBlock = block.length / source.repeat.length;
  let left = source.times;
  while (left > 0) {
    const n = Math.min(left, perBlock);
    await write(n === perBlock ? block : block.subarray(0, n * source.repeat.length));
    left -= n;
  }
  await write(Buffer.from(source.suffix));
  deflate.end();
  await ended;
  return { name: source.name, deflated: Buffer.concat(chunks), size, crc };
}

export async function zipOf(sources: readonly ZipSource[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const source of sources) {
    const entry = await pack(source);
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(source.declare ?? entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(source.declare ?? entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sources.length, 8);
  end.writeUInt16LE(sources.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK_PARTS: ZipSource[] = [
  {
    name: '[Content_Types].xml',
    text: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  },
  {
    name: '_rels/.rels',
    text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  },
  {
    name: 'xl/workbook.xml',
    text: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Payroll" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
];

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A, B, … Z, AA, AB: the column part of a cell's reference. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** A row of inline-string cells, as Excel's "inline" writers and LibreOffice can save. */
function rowXml(rowNumber: number, cells: readonly string[]): string {
  const body = cells
    .map(
      (text, i) =>
        `<c r="${columnName(i)}${rowNumber}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
    )
    .join('');
  return `<row r="${rowNumber}">${body}</row>`;
}

/** A workbook whose one sheet holds these rows (the header first). */
export function workbookOf(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const sheet = rows.map((cells, i) => rowXml(i + 1, cells)).join('');
  return zipOf([
    ...WORKBOOK_PARTS,
    { name: 'xl/worksheets/sheet1.xml', text: `${SHEET_OPEN}${sheet}${SHEET_CLOSE}` },
  ]);
}

/** A workbook whose sheet holds the header and one cell of `megabytes` MB of one letter. */
export function hugeCellWorkbook(header: readonly string[], megabytes: number): Promise<Buffer> {
  return zipOf([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      prefix: `${SHEET_OPEN}${rowXml(1, header)}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
      repeat: 'A',
      times: megabytes * 1024 * 1024,
      suffix: `</t></is></c></row>${SHEET_CLOSE}`,
    },
  ]);
}

/** A "zip bomb": an archive whose one sheet is `megabytes` MB of one repeated byte. */
export function zipBomb(megabytes: number): Promise<Buffer> {
  return zipOf([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      prefix: '',
      repeat: '\0',
      times: megabytes * 1024 * 1024,
      suffix: '',
    },
  ]);
}

/** The one-cell workbook whose sheet declares 1 MB: its sizes lie, so only the read can tell. */
export function lyingHugeCellWorkbook(
  header: readonly string[],
  megabytes: number,
): Promise<Buffer> {
  return zipOf([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      prefix: `${SHEET_OPEN}${rowXml(1, header)}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
      repeat: 'A',
      times: megabytes * 1024 * 1024,
      suffix: `</t></is></c></row>${SHEET_CLOSE}`,
      declare: 1024 * 1024,
    },
  ]);
}
