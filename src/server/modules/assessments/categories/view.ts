import {
  TRADE_CATEGORY_RULE_LABELS,
  type TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { amount, type Column, text } from '../../../export/columns';
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

/** 150 basis points → "1.5 %". */
export function formatBasisPoints(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}

export const TRADE_CATEGORY_COLUMNS: readonly Column<TradeCategoryRow>[] = [
  text('Name', (row) => row.name, 32),
  text('Description', (row) => row.description, 48),
  text('Rule', (row) => TRADE_CATEGORY_RULE_LABELS[row.rule], 30),
  amount('Small', (row) => row.smallKobo, 16),
  amount('Medium', (row) => row.mediumKobo, 16),
  amount('Large', (row) => row.largeKobo, 16),
  amount('Exempt turnover up to', (row) => row.turnoverThresholdKobo, 22),
  text(
    'Rate above it',
    (row) => (row.rateBasisPoints === null ? '' : formatBasisPoints(row.rateBasisPoints)),
    12,
  ),
  text('Active', (row) => (row.isActive ? 'Yes' : 'No'), 8),
  text('Demo value', (row) => (row.isDemo ? 'Yes (not law)' : 'No'), 14),
];
