/**
 * A list's export is its columns (docs/decisions/0029-one-export-path.md): a header, a kind
 * and a getter each. The kind decides how a cell is written: in XLSX an amount is a number
 * with a naira format and a date a date cell, so an accountant can sum and sort them; in CSV
 * an amount is a plain decimal under a header that names the unit.
 */

type Getter<Row, T> = (row: Row) => T | null | undefined;

type Common = {
  header: string;
  /** Width in characters in the XLSX sheet; 14 where none is given. */
  width?: number;
};

export type Column<Row> = Common &
  (
    | { kind: 'text'; value: Getter<Row, string> }
    /** The number staff know another record by (a notice or certificate number), as text. */
    | { kind: 'reference'; value: Getter<Row, string> }
    /** Integer kobo, as the database and the API keep money (docs/architecture.md §3). */
    | { kind: 'amount'; value: Getter<Row, number> }
    /** A day: YYYY-MM-DD text, or an instant shown as its day in Lagos. */
    | { kind: 'date'; value: Getter<Row, string | Date> }
    /** An instant (a Date or ISO 8601 text), shown as Lagos wall-clock time. */
    | { kind: 'date-time'; value: Getter<Row, string | Date>; seconds?: boolean }
    | { kind: 'count'; value: Getter<Row, number> }
  );

export type ColumnKind = Column<unknown>['kind'];

export const text = <Row>(header: string, value: Getter<Row, string>, width?: number) =>
  ({ kind: 'text', header, value, width }) satisfies Column<Row>;
export const reference = <Row>(header: string, value: Getter<Row, string>, width?: number) =>
  ({ kind: 'reference', header, value, width }) satisfies Column<Row>;
export const amount = <Row>(header: string, value: Getter<Row, number>, width?: number) =>
  ({ kind: 'amount', header, value, width }) satisfies Column<Row>;
export const date = <Row>(header: string, value: Getter<Row, string | Date>, width?: number) =>
  ({ kind: 'date', header, value, width }) satisfies Column<Row>;
export const dateTime = <Row>(
  header: string,
  value: Getter<Row, string | Date>,
  options: { width?: number; seconds?: boolean } = {},
) => ({ kind: 'date-time', header, value, ...options }) satisfies Column<Row>;
export const count = <Row>(header: string, value: Getter<Row, number>, width?: number) =>
  ({ kind: 'count', header, value, width }) satisfies Column<Row>;

/**
 * The header as the file shows it: an amount names its unit ("Amount (NGN)"), in both
 * formats, so a CSV's plain decimals and an XLSX's numbers read the same way.
 */
export function headerOf(column: Column<never>): string {
  return column.kind === 'amount' ? `${column.header} (NGN)` : column.header;
}

/**
 * A cell a spreadsheet would run as a formula starts with = + - @, their full-width forms
 * (＝ ＋ － ＠, which Excel and LibreOffice also read as operators), or a tab or a return
 * before one (docs/architecture.md §1: CSV injection; OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export const startsLikeFormula = (value: string) => FORMULA_START.test(value);

/** CSV has no styles: a cell that starts like a formula gets an apostrophe in front. */
export function neutraliseCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/**
 * West Africa Time is UTC+1 all year, with no daylight saving (Africa/Lagos in the tz
 * database since 1919): a fixed offset is exact here and costs nothing per cell, where an
 * Intl formatter per cell would dominate a 200,000-row export.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

const instantOf = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The wall-clock time in Lagos, as a Date whose UTC fields read it. */
export function lagosWallClock(value: string | Date): Date {
  return new Date(instantOf(value).getTime() + LAGOS_OFFSET_MS);
}

/** A day as a Date at 00:00 UTC: a spreadsheet's date serial has no zone. */
export function dayOf(value: string | Date): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  const wall = lagosWallClock(value);
  return new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()));
}

const isoDay = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Integer kobo as naira with two decimals, exactly (no float rounding): 59187200 → "591872.00". */
export function koboAsDecimal(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(kobo));
  return `${sign}${Math.trunc(abs / 100)}.${pad(abs % 100)}`;
}

/**
 * A cell as CSV text. Dates are ISO 8601 (YYYY-MM-DD, and "YYYY-MM-DD HH:MM" in Lagos time):
 * they sort as text and no reader mistakes the day for the month.
 */
export function csvCell<Row>(column: Column<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'text':
    case 'reference':
      return neutraliseCell(value as string);
    case 'amount':
      return koboAsDecimal(value as number);
    case 'count':
      return String(value);
    case 'date':
      return isoDay(dayOf(value as string | Date));
    case 'date-time': {
      const wall = lagosWallClock(value as string | Date);
      const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
      return `${isoDay(wall)} ${column.seconds ? `${time}:${pad(wall.getUTCSeconds())}` : time}`;
    }
  }
}
