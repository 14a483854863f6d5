/**
 * An XLSX written as a stream (docs/decisions/0029-one-export-path.md): SpreadsheetML
 * (ECMA-376 Part 1) in a zip (`zip.ts`). Six small parts written whole, and one sheet whose
 * XML is produced row by row from the list's pages as the reader takes the file. Text is an
 * inline string (a shared-string table would hold every distinct text until the end), a
 * number a `<v>`, a date Excel's serial day number under a date format.
 */
import { type Column, dayOf, headerOf, lagosWallClock, startsLikeFormula } from './columns';
import type { Pages } from './writers';
import { type ZipEntry, zipStream } from './zip';

/** Excel refuses a cell longer than this; a longer one is cut and says so. */
export const XLSX_CELL_MAX = 32_767;

/** A naira amount that Excel sums: the number is naira, the format shows ₦ and two decimals. */
export const NAIRA_FORMAT = '"₦"#,##0.00';
/** Day first, as the web app shows dates (ADR 0012). */
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
export const DATE_TIME_SECONDS_FORMAT = 'dd/mm/yyyy hh:mm:ss';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * What XML 1.0 does not allow at all (§2.2 Char): C0 controls other than tab, newline and
 * return, unpaired surrogates, U+FFFE and U+FFFF. No escape can carry them, so they go.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A parser turns a raw return into a newline (XML 1.0 §2.11); a reference keeps it.
  '\r': '&#13;',
};

/** Text as XML character data or an attribute value: escaped, and what XML cannot hold dropped. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"'\r]/g, (c) => ENTITIES[c] as string);
}

/**
 * Excel reads `_xHHHH_` in a cell's text as the character HHHH (ECMA-376 Part 1, §22.9.2.19
 * ST_Xstring); text that really holds such a sequence has its underscore written as `_x005F_`.
 */
const excelEscape = (value: string) => value.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_');

/**
 * The cell formats of styles.xml, by index in `cellXfs`: a cell's `s`. Custom number formats
 * take ids from 164 (below are Excel's built-in ones; 3 is `#,##0`).
 */
const STYLE = {
  plain: 0,
  header: 1,
  naira: 2,
  date: 3,
  dateTime: 4,
  dateTimeSeconds: 5,
  count: 6,
  /**
   * Excel's "quote prefix" (ECMA-376 Part 1, §18.8.45 `xf/@quotePrefix`): the cell is text,
   * shows no apostrophe, and Excel keeps it text when someone edits it, where an unstyled
   * "=1+2" string cell would become a formula on the first Enter.
   */
  quoted: 7,
} as const;

const STYLES_XML = `${DECLARATION}<styleSheet xmlns="${MAIN}">\
<numFmts count="4">\
<numFmt numFmtId="164" formatCode="${escapeXml(NAIRA_FORMAT)}"/>\
<numFmt numFmtId="165" formatCode="${DATE_FORMAT}"/>\
<numFmt numFmtId="166" formatCode="${DATE_TIME_FORMAT}"/>\
<numFmt numFmtId="167" formatCode="${DATE_TIME_SECONDS_FORMAT}"/>\
</numFmts>\
<fonts count="2">\
<font><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>\
<font><b/><sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>\
</fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="8">\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>\
</cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

const CONTENT_TYPES_XML = `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
</Types>`;

const ROOT_RELS_XML = `${DECLARATION}<Relationships xmlns="${PACKAGE_RELS}">\
<Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/>\
<Relationship Id="rId2" Type="${PACKAGE_RELS}/metadata/core-properties" Target="docProps/core.xml"/>\
</Relationships>`;

const WORKBOOK_RELS_XML = `${DECLARATION}<Relationships xmlns="${PACKAGE_RELS}">\
<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${OFFICE_RELS}/styles" Target="styles.xml"/>\
</Relationships>`;

/** Excel's rules for a sheet's name: at most 31 characters, none of : \\ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const workbookXml = (sheetName: string) =>
  `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">\
<bookViews><workbookView/></bookViews>\
<sheets><sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets>\
</workbook>`;

const coreXml = (created: Date) =>
  `${DECLARATION}<cp:coreProperties \
xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
<dc:creator>RevDesk</dc:creator>\
<dcterms:created xsi:type="dcterms:W3CDTF">${created.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created>\
</cp:coreProperties>`;

function cutToCell(text: string): string {
  return text.length > XLSX_CELL_MAX
    ? `${text.slice(0, XLSX_CELL_MAX - 20)}… (cut; see the CSV)`
    : text;
}

/** Leading or trailing white space, which XML would otherwise let Excel drop. */
const EDGE_SPACE = /^\s|\s$/;

function textCell(ref: string, style: number, text: string): string {
  const s = style === STYLE.plain ? '' : ` s="${style}"`;
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${escapeXml(excelEscape(text))}</t></is></c>`;
}

function numberCell(ref: string, style: number, value: number): string {
  // NaN or Infinity has no cell: the cell is left empty, as a missing value is.
  return Number.isFinite(value) ? `<c r="${ref}" s="${style}"><v>${value}</v></c>` : '';
}

const MS_PER_DAY = 86_400_000;
/** 1970-01-01 as an Excel serial day (1900 date system, with its phantom 29 February 1900). */
const UNIX_EPOCH_SERIAL = 25_569;

/** A Date whose UTC fields read the wall clock to show, as Excel's serial day number. */
const serialOf = (wallClock: Date) => wallClock.getTime() / MS_PER_DAY + UNIX_EPOCH_SERIAL;

/** A, B, …, Z, AA, … */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** One column's cell at one row, or '' for an empty cell. */
function cellXml<Row>(column: Column<Row>, ref: string, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'text':
    case 'reference': {
      // Dropped before the test, so "\u0001=cmd" is seen as the "=cmd" Excel would read.
      const text = cutToCell((value as string).replace(NOT_XML, ''));
      return textCell(ref, startsLikeFormula(text) ? STYLE.quoted : STYLE.plain, text);
    }
    case 'amount':
      return numberCell(ref, STYLE.naira, (value as number) / 100);
    case 'count':
      return numberCell(ref, STYLE.count, value as number);
    case 'date':
      return numberCell(ref, STYLE.date, serialOf(dayOf(value as string | Date)));
    case 'date-time':
      // Lagos's wall clock (docs/architecture.md §3): a serial day has no zone.
      return numberCell(
        ref,
        column.seconds ? STYLE.dateTimeSeconds : STYLE.dateTime,
        serialOf(lagosWallClock(value as string | Date)),
      );
  }
}

/** How much sheet XML is gathered before it is handed to the zip: a few dozen rows. */
const SHEET_CHUNK_CHARS = 16 * 1024;

async function* sheetXml<Row>(columns: readonly Column<Row>[], pages: Pages<Row>) {
  const letters = columns.map((_, i) => columnLetters(i));
  const widths = columns
    .map((column, i) => {
      const width = column.width ?? 14;
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  const header = columns
    .map((column, i) => textCell(`${letters[i]}1`, STYLE.header, headerOf(column as Column<never>)))
    .join('');
  // The header row frozen: it stays in view while the rows scroll under it.
  let xml = `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">\
<sheetViews><sheetView workbookViewId="0">\
<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>\
<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>\
</sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/>\
<cols>${widths}</cols>\
<sheetData><row r="1">${header}</row>`;
  let r = 1;
  for await (const page of pages) {
    for (const row of page) {
      r += 1;
      xml += `<row r="${r}">`;
      for (let i = 0; i < columns.length; i += 1) {
        xml += cellXml(columns[i] as Column<Row>, `${letters[i]}${r}`, row);
      }
      xml += '</row>';
      if (xml.length >= SHEET_CHUNK_CHARS) {
        yield xml;
        xml = '';
      }
    }
  }
  yield `${xml}</sheetData></worksheet>`;
}

/**
 * The workbook: one sheet named `sheetName`, a bold frozen header, each column its width, the
 * rows read from `pages` only as fast as the returned stream is read.
 */
export function xlsxWorkbook<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  pages: Pages<Row>,
  now = new Date(),
) {
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: CONTENT_TYPES_XML },
    { name: '_rels/.rels', data: ROOT_RELS_XML },
    { name: 'docProps/core.xml', data: coreXml(now) },
    { name: 'xl/workbook.xml', data: workbookXml(sheetName) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS_XML },
    { name: 'xl/styles.xml', data: STYLES_XML },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(columns, pages) },
  ];
  return zipStream(entries, { modified: lagosWallClock(now) });
}
