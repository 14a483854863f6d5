import {
  TRADE_CATEGORY_RULE_LABELS,
  type TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { type Table, tableToCsv, tableToXlsx } from '../../../export/spreadsheet';
import type { TradeCategoryRow } from './queries';

export function toTradeCategoryView(row: TradeCategoryRow): TradeCategoryView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rule: row.rule,
    smallKobo: row.smallKobo,
    mediumKobo: row.mediumKobo,
    largeKobo: row.largeKobo,
    turnoverThresholdKobo: row.turnoverThresholdKobo,
    rateBasisPoints: row.rateBasisPoints,
    isActive: row.isActive,
    isDemo: row.isDemo,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The most rows one export holds; categories are a few dozen, so this is only a bound. */
export const TRADE_CATEGORY_EXPORT_LIMIT = 10_000;

const naira = (kobo: number | null) => (kobo === null ? '' : formatKoboAsNaira(kobo));

/** 150 basis points → "1.5 %". */
export function formatBasisPoints(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}

const table = (rows: readonly TradeCategoryRow[]): Table => ({
  sheet: 'Trade categories',
  headers: [
    'Name',
    'Description',
    'Rule',
    'Small (₦)',
    'Medium (₦)',
    'Large (₦)',
    'Exempt turnover up to (₦)',
    'Rate above it',
    'Active',
    'Demo value',
  ],
  rows: rows.map((row) => [
    row.name,
    row.description ?? '',
    TRADE_CATEGORY_RULE_LABELS[row.rule],
    naira(row.smallKobo),
    naira(row.mediumKobo),
    naira(row.largeKobo),
    naira(row.turnoverThresholdKobo),
    row.rateBasisPoints === null ? '' : formatBasisPoints(row.rateBasisPoints),
    row.isActive ? 'Yes' : 'No',
    row.isDemo ? 'Yes (not law)' : 'No',
  ]),
  widths: [32, 48, 30, 16, 16, 16, 22, 12, 8, 14],
});

export const tradeCategoriesToCsv = (rows: readonly TradeCategoryRow[]) => tableToCsv(table(rows));
export const tradeCategoriesToXlsx = (rows: readonly TradeCategoryRow[]) =>
  tableToXlsx(table(rows));

export function tradeCategoryExportFileName(format: 'csv' | 'xlsx'): string {
  return `trade-categories-${todayInLagos()}.${format}`;
}
