import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { JOB_STATUSES } from '../payments/enums';
import { nairaTextToKobo } from '../tcc/bulk';

/**
 * The POS provider's settlement file (docs/pos-settlement.md): what it holds, how each line is
 * read, and what the settlement job says of it. Shared by the upload, the job and the page.
 *
 * CSV (UTF-8) or XLSX (first sheet); a header line, then one approved transaction a line.
 * Column names are case-insensitive, in any order:
 *
 * | column | required | what |
 * |---|---|---|
 * | terminal_id | yes | the terminal, as the provider names it |
 * | stan | yes | the system trace audit number, 1–6 digits (unique per terminal and day) |
 * | rrn | yes | the retrieval reference number, 6–20 letters or digits |
 * | amount | yes | naira, at most 2 decimals ("1,500.00") |
 * | transaction_time | yes | Lagos time `YYYY-MM-DD HH:MM[:SS]`, ISO 8601 with an offset, or a spreadsheet date-time |
 * | payer_name, payer_phone, revenue_head_code | no | as the terminal took them |
 */

export const POS_SETTLEMENT_KIND = 'pos-settlement';
export const POS_SETTLEMENT_MAX_ROWS = 50_000;
/** 50,000 lines of ~150 bytes, with room for long names. */
export const POS_SETTLEMENT_MAX_BYTES = 12 * 1024 * 1024;

export const POS_SETTLEMENT_REQUIRED_COLUMNS = [
  'terminal_id',
  'stan',
  'rrn',
  'amount',
  'transaction_time',
] as const;
export const POS_SETTLEMENT_OPTIONAL_COLUMNS = [
  'payer_name',
  'payer_phone',
  'revenue_head_code',
] as const;
type Column =
  | (typeof POS_SETTLEMENT_REQUIRED_COLUMNS)[number]
  | (typeof POS_SETTLEMENT_OPTIONAL_COLUMNS)[number];

export type SettlementColumns = Partial<Record<Column, number>>;

export function readSettlementHeader(
  cells: readonly string[],
): { ok: true; columns: SettlementColumns } | { ok: false; problem: string } {
  const names = cells.map((c) => c.trim().toLowerCase().replace(/\s+/g, '_'));
  const known = new Set<string>([
    ...POS_SETTLEMENT_REQUIRED_COLUMNS,
    ...POS_SETTLEMENT_OPTIONAL_COLUMNS,
  ]);
  const unknown = names.filter((n) => n !== '' && !known.has(n));
  const missing = POS_SETTLEMENT_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  const repeated = names.filter((n, i) => n !== '' && names.indexOf(n) !== i);
  const problems = [
    missing.length > 0
      ? `it lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`
      : null,
    unknown.length > 0
      ? `it has unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`
      : null,
    repeated.length > 0 ? `it repeats ${[...new Set(repeated)].join(', ')}` : null,
  ].filter((p) => p !== null);
  if (problems.length > 0) {
    return {
      ok: false,
      problem: `The header is not a settlement file's: ${problems.join('; ')}. The header must be ${[...POS_SETTLEMENT_REQUIRED_COLUMNS, ...POS_SETTLEMENT_OPTIONAL_COLUMNS].join(', ')} (the last three may be left out).`,
    };
  }
  const columns: SettlementColumns = {};
  names.forEach((name, i) => {
    if (known.has(name)) columns[name as Column] = i;
  });
  return { ok: true, columns };
}

export type SettlementLine = {
  terminalId: string;
  stan: string;
  rrn: string;
  amountKobo: number;
  transactedAt: Date;
  payerName: string | null;
  payerPhone: string | null;
  revenueHeadCode: string | null;
};

const LAGOS_OFFSET_MS = 3_600_000;

/** A time as the provider writes it; null when it is none of the forms the file takes. */
export function readSettlementTime(text: string): Date | null {
  const t = text.trim();
  const lagos = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (lagos) {
    const [, y, mo, d, h, mi, s] = lagos.map((part) => Number(part ?? 0)) as number[];
    if ((h as number) > 23 || (mi as number) > 59 || (s as number) > 59) return null;
    const utc = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - LAGOS_OFFSET_MS;
    const date = new Date(utc);
    // 2026-02-30 rolls over in Date.UTC: refuse it rather than read it as 2 March.
    const back = new Date(utc + LAGOS_OFFSET_MS);
    return back.getUTCDate() === d && back.getUTCMonth() === (mo as number) - 1 ? date : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) {
    const date = new Date(t);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  // A spreadsheet date-time: days since 30 December 1899, in Lagos wall-clock time.
  if (/^\d{5}(\.\d+)?$/.test(t)) {
    const serial = Number(t);
    if (serial < 36_526 || serial > 73_051) return null; // 2000–2099
    const ms = Math.round(serial * 86_400_000);
    return new Date(Date.UTC(1899, 11, 30) + ms - LAGOS_OFFSET_MS);
  }
  return null;
}

/** One data line, or what is wrong with it (named by its column). */
export function readSettlementLine(
  cells: readonly string[],
  columns: SettlementColumns,
): { ok: true; line: SettlementLine } | { ok: false; problem: string } {
  const cell = (c: Column) => {
    const i = columns[c];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const terminalId = cell('terminal_id');
  if (!/^[A-Za-z0-9-]{1,32}$/.test(terminalId)) {
    return { ok: false, problem: 'terminal_id must be 1–32 letters or digits' };
  }
  const stanText = cell('stan');
  if (!/^\d{1,6}$/.test(stanText)) return { ok: false, problem: 'stan must be 1–6 digits' };
  const rrn = cell('rrn');
  if (!/^[A-Za-z0-9]{6,20}$/.test(rrn)) {
    return { ok: false, problem: 'rrn must be 6–20 letters or digits' };
  }
  const amountKobo = nairaTextToKobo(cell('amount'));
  if (amountKobo === null || amountKobo <= 0) {
    return { ok: false, problem: 'amount must be naira above zero with at most 2 decimals' };
  }
  const transactedAt = readSettlementTime(cell('transaction_time'));
  if (!transactedAt) {
    return {
      ok: false,
      problem:
        'transaction_time must be YYYY-MM-DD HH:MM:SS (Lagos time) or ISO 8601 with an offset',
    };
  }
  const optional = (c: Column, max: number) => cell(c).slice(0, max) || null;
  return {
    ok: true,
    line: {
      terminalId,
      stan: stanText.padStart(6, '0'),
      rrn,
      amountKobo,
      transactedAt,
      payerName: optional('payer_name', 200),
      payerPhone: optional('payer_phone', 20),
      revenueHeadCode: optional('revenue_head_code', 20),
    },
  };
}

/**
 * What the job says of a row: the file's row is in RevDesk for the same amount, for another
 * amount, or not at all; or one of RevDesk's transactions of a day the file covers is not in
 * the file.
 */
export const POS_SETTLEMENT_OUTCOMES = [
  'matched',
  'amount-differs',
  'not-in-revdesk',
  'not-in-file',
] as const;
export type PosSettlementOutcome = (typeof POS_SETTLEMENT_OUTCOMES)[number];

export const POS_SETTLEMENT_OUTCOME_LABELS = {
  matched: 'Matched',
  'amount-differs': 'Amount differs',
  'not-in-revdesk': 'Not in RevDesk',
  'not-in-file': 'Not in the file',
} as const satisfies Record<PosSettlementOutcome, string>;

export const PosSettlementAccepted = z.object({ jobId: z.uuid() });

export const PosSettlementIdParams = z.object({ id: z.uuid({ error: 'Not a settlement id' }) });
export const PosSettlementRowParams = PosSettlementIdParams.extend({
  line: z.coerce.number().int().min(1).max(1_000_000),
});

export const PosSettlementView = z
  .object({
    id: z.uuid(),
    status: z.enum(JOB_STATUSES),
    fileName: z.string(),
    /** Lines of the file, and those read so far. */
    total: z.number().int(),
    done: z.number().int(),
    counts: z.object({
      matched: z.number().int(),
      amountDiffers: z.number().int(),
      notInRevdesk: z.number().int(),
      notInFile: z.number().int(),
      /** "Not in RevDesk" rows an officer has confirmed. */
      confirmed: z.number().int(),
    }),
    /** The Lagos days the file covers. */
    firstDay: z.string().nullable(),
    lastDay: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'PosSettlementView' });
export type PosSettlementView = z.infer<typeof PosSettlementView>;

export const PosSettlementRowView = z
  .object({
    lineNumber: z.number().int(),
    inFile: z.boolean(),
    terminalId: z.string(),
    stan: z.string(),
    rrn: z.string(),
    amountKobo: z.number().int(),
    revdeskAmountKobo: z.number().int().nullable(),
    transactedAt: z.string(),
    outcome: z.enum(POS_SETTLEMENT_OUTCOMES).nullable(),
    message: z.string().nullable(),
    transactionId: z.uuid().nullable(),
    confirmedOutcome: z.string().nullable(),
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: 'PosSettlementRowView' });
export type PosSettlementRowView = z.infer<typeof PosSettlementRowView>;

export const PosSettlementRowsQuery = PageQuery.extend({
  outcome: z.enum(POS_SETTLEMENT_OUTCOMES).optional(),
});
export type PosSettlementRowsQuery = z.output<typeof PosSettlementRowsQuery>;

export const PosSettlementRowsPage = pageOf(PosSettlementRowView).meta({
  id: 'PosSettlementRowsPage',
});
export type PosSettlementRowsPage = z.infer<typeof PosSettlementRowsPage>;

/** The most rows one "confirm all" records; the answer says how many remain. */
export const POS_CONFIRM_ALL_MAX = 1_000;

export const PosSettlementConfirmAll = z
  .object({
    confirmed: z.number().int(),
    /** How the recording went: recorded, held (unknown or inactive terminal), duplicate… */
    outcomes: z.record(z.string(), z.number().int()),
    remaining: z.number().int(),
  })
  .meta({ id: 'PosSettlementConfirmAll' });
export type PosSettlementConfirmAll = z.infer<typeof PosSettlementConfirmAll>;
