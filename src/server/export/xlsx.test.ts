import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { amount, type Column, count, date, dateTime, reference, text } from './columns';
import { zipEntryText } from './testing';
import { xlsxStream } from './writers';
import { columnLetters, escapeXml } from './xlsx';

type Row = {
  ref: string;
  note: string | null;
  kobo: number | null;
  paidAt: string | null;
  due: string | null;
  n: number | null;
};

const COLUMNS: Column<Row>[] = [
  reference<Row>('Receipt', (r) => r.ref, 22),
  text<Row>('Note', (r) => r.note, 40),
  amount<Row>('Amount', (r) => r.kobo),
  dateTime<Row>('Paid', (r) => r.paidAt, { seconds: true }),
  date<Row>('Due', (r) => r.due),
  count<Row>('Count', (r) => r.n),
];

/** Text that must come back as it went in (but for what XML cannot hold), never run. */
const HOSTILE: { sent: string; read: string; quoted: boolean }[] = [
  { sent: '=HYPERLINK("http://evil.example","x")', read: '', quoted: true },
  { sent: '+1+2', read: '', quoted: true },
  { sent: '-2', read: '', quoted: true },
  { sent: '@SUM(A1)', read: '', quoted: true },
  { sent: '\uFF1D1+1', read: '', quoted: true },
  { sent: '\t=1', read: '', quoted: true },
  { sent: '\r=1', read: '', quoted: true },
  { sent: '<script>alert(1)</script> & "q" \'a\' ]]> &amp;', read: '', quoted: false },
  // XML 1.0 cannot carry a NUL, other C0 controls or a lone surrogate: they go, and what is
  // left is judged as Excel will read it.
  { sent: '\u0001=cmd|calc', read: '=cmd|calc', quoted: true },
  { sent: 'bad\u0000ctl\u001F \uD800lone', read: 'badctl lone', quoted: false },
  { sent: 'Ọlọ́run ₦ 🎉 Adébáyọ̀', read: '', quoted: false },
  { sent: '  spaced out  ', read: '', quoted: false },
  { sent: 'line one\r\nline two', read: '', quoted: false },
];

const HOSTILE_ROWS: Row[] = HOSTILE.map(({ sent }, i) => ({
  ref: `R${i}`,
  note: sent,
  kobo: null,
  paidAt: null,
  due: null,
  n: null,
}));

async function* pagesOf<T>(rows: readonly T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Payments');
  if (!sheet) throw new Error('no Payments sheet');
  return { workbook, sheet };
}

/** The `xf` (cell format) of styles.xml a cell of the sheet XML names by its `s`. */
function formatOf(bytes: Buffer, ref: string): string {
  const sheetXml = zipEntryText(bytes, 'xl/worksheets/sheet1.xml');
  const stylesXml = zipEntryText(bytes, 'xl/styles.xml');
  const xfs = (stylesXml.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s)?.[1] ?? '').match(
    /<xf [^>]*?\/?>/g,
  );
  const s = sheetXml.match(new RegExp(`<c r="${ref}"(?: s="(\\d+)")?`))?.[1];
  return xfs?.[Number(s ?? 0)] ?? '';
}

describe('xlsxStream', () => {
  it('typed cells survive the round trip: naira numbers, date cells, counts, empty cells', async () => {
    const rows: Row[] = [
      {
        ref: 'BIRS/2026/00000001',
        note: 'Ebiowei',
        kobo: 59_187_200,
        // 23:59:58 UTC is 00:59:58 the next day in Lagos.
        paidAt: '2026-04-10T23:59:58Z',
        due: '2026-05-01',
        n: 1_234,
      },
      { ref: 'BIRS/2026/00000002', note: null, kobo: -150, paidAt: null, due: null, n: 0 },
      { ref: 'BIRS/2026/00000003', note: 'x', kobo: 1, paidAt: null, due: '1999-12-31', n: null },
    ];
    const bytes = await bytesOf(xlsxStream('Payments', COLUMNS, pagesOf(rows, 2)));
    const { workbook, sheet } = await sheetOf(bytes);
    expect(workbook.creator).toBe('RevDesk');
    expect(sheet.rowCount).toBe(4);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Receipt',
      'Note',
      'Amount (NGN)',
      'Paid',
      'Due',
      'Count',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(COLUMNS.map((_, i) => sheet.getColumn(i + 1).width)).toEqual([22, 40, 14, 14, 14, 14]);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('BIRS/2026/00000001');
    expect(first.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(3).value).toBe(591_872);
    expect(first.getCell(3).numFmt).toBe('"₦"#,##0.00');
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(4).value).toEqual(new Date('2026-04-11T00:59:58Z'));
    expect(first.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(first.getCell(5).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(5).value).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(first.getCell(5).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(6).value).toBe(1_234);
    expect(first.getCell(6).numFmt).toBe('#,##0');

    const second = sheet.getRow(3);
    expect(second.getCell(2).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(3).value).toBe(-1.5);
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(6).value).toBe(0);
    expect(sheet.getRow(4).getCell(3).value).toBe(0.01);
    expect(sheet.getRow(4).getCell(5).value).toEqual(new Date('1999-12-31T00:00:00Z'));

    // What Excel itself reads: the serial day of 2026-05-01 and a number, never text.
    const sheetXml = zipEntryText(bytes, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).toContain('<c r="E2" s="3"><v>46143</v></c>');
    expect(sheetXml).toContain('<c r="C2" s="2"><v>591872</v></c>');
    expect(formatOf(bytes, 'C2')).toContain('numFmtId="164"');
    expect(zipEntryText(bytes, 'xl/styles.xml')).toContain(
      '<numFmt numFmtId="164" formatCode="&quot;₦&quot;#,##0.00"/>',
    );
  });

  it('hostile text survives as text: escaped, what XML cannot hold dropped, formulas quote-prefixed', async () => {
    const long = 'A'.repeat(40_000);
    const rows = [
      ...HOSTILE_ROWS,
      { ...(HOSTILE_ROWS[0] as Row), ref: 'long', note: long },
      { ...(HOSTILE_ROWS[0] as Row), ref: 'escape', note: 'file_x0041_.txt' },
    ];
    const bytes = await bytesOf(xlsxStream('Payments', COLUMNS, pagesOf(rows, 4)));
    const { sheet } = await sheetOf(bytes);
    HOSTILE.forEach(({ sent, read, quoted }, i) => {
      const cell = sheet.getRow(i + 2).getCell(2);
      expect(cell.type, sent).toBe(ExcelJS.ValueType.String);
      expect(cell.value, sent).toBe(read || sent);
      expect(formatOf(bytes, `B${i + 2}`).includes('quotePrefix="1"'), sent).toBe(quoted);
    });
    const sheetXml = zipEntryText(bytes, 'xl/worksheets/sheet1.xml');
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).not.toContain('<script>');
    expect(sheetXml).toContain('<t xml:space="preserve">  spaced out  </t>');
    expect(sheetXml).toContain('line one&#13;\nline two');
    const cut = sheet.getRow(HOSTILE.length + 2).getCell(2).value as string;
    expect(cut.length).toBeLessThanOrEqual(32_767);
    expect(cut.endsWith('… (cut; see the CSV)')).toBe(true);
    // Excel would read _x0041_ as "A": the underscore is escaped (exceljs reads it as written).
    expect(sheetXml).toContain('file_x005F_x0041_.txt');
  });

  it('a sheet name, and any text, is escaped in XML; XML 1.0’s forbidden characters go', () => {
    expect(escapeXml(`a&b<c>d"e'f\rg\u0000h\uFFFEi\uDC00j😀`)).toBe(
      'a&amp;b&lt;c&gt;d&quot;e&apos;f&#13;ghij😀',
    );
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
  });

  it('a slow reader holds the source back: pages are read as the file is taken, not ahead', async () => {
    // Random text deflate cannot shrink: each row is about 1 KB in the zip too.
    const PAGES = 60;
    const PAGE_ROWS = 100;
    let pagesRead = 0;
    async function* pages() {
      for (let p = 0; p < PAGES; p += 1) {
        pagesRead += 1;
        yield Array.from({ length: PAGE_ROWS }, (_, i) => ({
          ref: `P${p}-${i}`,
          note: randomBytes(750).toString('base64'),
          kobo: p * PAGE_ROWS + i,
          paidAt: null,
          due: null,
          n: null,
        }));
      }
    }
    const stream = xlsxStream('Payments', COLUMNS, pages());
    const chunks: Buffer[] = [];
    const reader = stream[Symbol.asyncIterator]();
    // The reader takes the file until the third page has been read, then stops.
    while (pagesRead < 3) {
      const next = await reader.next();
      if (next.done) throw new Error('ended early');
      chunks.push(next.value as Buffer);
    }

    // Whatever runs ahead does so at once (the pages are in memory): wait until the count of
    // pages read stops moving, then see how far it got.
    let seen = -1;
    for (let quiet = 0; quiet < 10; quiet = pagesRead === seen ? quiet + 1 : 0) {
      seen = pagesRead;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A page is ~100 KB in the zip; the stream's buffers between the pages and the reader hold
    // a few dozen KB, so at most the next page is read. Without back-pressure the rest of the
    // 6 MB source would have been read by now.
    expect(pagesRead).toBeLessThanOrEqual(4);

    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      chunks.push(next.value as Buffer);
    }
    expect(pagesRead).toBe(PAGES);
    const { sheet } = await sheetOf(Buffer.concat(chunks));
    expect(sheet.rowCount).toBe(PAGES * PAGE_ROWS + 1);
    expect(sheet.getRow(PAGES * PAGE_ROWS + 1).getCell(1).value).toBe(`P${PAGES - 1}-99`);
  });

  it('a source that fails breaks the file with its error; a reader that leaves stops the source', async () => {
    async function* failing() {
      yield HOSTILE_ROWS;
      throw new Error('page 2 failed');
    }
    await expect(bytesOf(xlsxStream('Payments', COLUMNS, failing()))).rejects.toThrow(
      'page 2 failed',
    );

    let finished = false;
    let pagesRead = 0;
    async function* endless() {
      try {
        for (;;) {
          pagesRead += 1;
          yield Array.from({ length: 100 }, () => ({
            ...(HOSTILE_ROWS[0] as Row),
            note: randomBytes(750).toString('base64'),
          }));
        }
      } finally {
        finished = true;
      }
    }
    const stream = xlsxStream('Payments', COLUMNS, endless());
    // The download cancelled once the rows have begun.
    for await (const _ of stream) if (pagesRead >= 2) break;
    for (let i = 0; i < 50 && !finished; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(finished).toBe(true);
    expect(stream.destroyed).toBe(true);
    expect(pagesRead).toBeLessThanOrEqual(4);
  });
});
