import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../../shared/dates';
import { type MdaScope, whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { budgetLines, budgetVersions } from '../../../db/schema';

/**
 * The one read of the state's revenue budget for a period (docs/reports.md, "How a period's
 * budget is worked out"), beside selectCollectionTotals for the actuals: the reports, the
 * dashboards and anything else comparing money collected with money expected go through it, so
 * a period's budget is the same figure everywhere.
 */

/** What a budget read may group by. `month` is the first day of a month (as in the totals). */
export const BUDGET_DIMENSIONS = ['mda', 'economicCode', 'month'] as const;
export type BudgetDimension = (typeof BUDGET_DIMENSIONS)[number];

export type BudgetFilter = {
  /** The year whose version is reported (and chosen by `version`). */
  year: number;
  /** That year's version number; absent: its newest. */
  version?: number | undefined;
  /** The period, days both included (Lagos days, like the totals). */
  from: string;
  to: string;
  scope: MdaScope;
  mdaIds?: readonly string[] | undefined;
};

export type BudgetVersionInfo = {
  id: string;
  year: number;
  version: number;
  note: string;
  createdAt: Date;
};

export type BudgetTotalsRow = {
  mdaId?: string;
  economicCode?: string;
  month?: string;
  budgetKobo: number;
};

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The share of each month the period covers: [year, month (1–12), days covered, days in month].
 * A whole month is n/n; the months at the period's ends only their days inside it.
 */
export function monthShares(from: string, to: string): [number, number, number, number][] {
  const shares: [number, number, number, number][] = [];
  let day = from;
  while (day <= to) {
    const year = Number(day.slice(0, 4));
    const month = Number(day.slice(5, 7));
    const total = daysInMonth(year, month);
    const monthEnd = `${year}-${pad(month)}-${pad(total)}`;
    const last = to < monthEnd ? to : monthEnd;
    const covered = Number(last.slice(8, 10)) - Number(day.slice(8, 10)) + 1;
    shares.push([year, month, covered, total]);
    day = addDays(monthEnd, 1);
  }
  return shares;
}

/** A year's version: the one asked for, else the newest; null when the year has none. */
async function versionOf(
  db: Db,
  year: number,
  version?: number,
): Promise<BudgetVersionInfo | null> {
  const [row] = await db
    .select({
      id: budgetVersions.id,
      year: budgetVersions.year,
      version: budgetVersions.version,
      note: budgetVersions.note,
      createdAt: budgetVersions.createdAt,
    })
    .from(budgetVersions)
    .where(
      and(
        eq(budgetVersions.year, year),
        version !== undefined ? eq(budgetVersions.version, version) : undefined,
      ),
    )
    .orderBy(desc(budgetVersions.version))
    .limit(1);
  return row ?? null;
}

const COLUMN: Record<BudgetDimension, string> = {
  mda: 'mda_id',
  economicCode: 'economic_code',
  month: 'month',
};

/**
 * The budget of the period grouped by `groupBy` (none: one row, the period's budget). Each
 * year the period touches is read from its own version: `year`'s the one asked for (or its
 * newest), any other year's its newest. Whole months count their phased amount; a part month
 * its amount × days covered ÷ days in the month; each group is rounded to the kobo once, after
 * its lines are added up. Groups with no budget line are absent; a line of zero is a row of 0.
 */
export async function selectBudgetTotals(
  db: Db,
  filter: BudgetFilter,
  groupBy: readonly BudgetDimension[],
): Promise<{ version: BudgetVersionInfo | null; rows: BudgetTotalsRow[] }> {
  const dims = [...new Set(groupBy)];
  const version = await versionOf(db, filter.year, filter.version);
  const shares = monthShares(filter.from, filter.to);
  const years = [...new Set(shares.map(([y]) => y))];
  const versionIds = new Map<number, string>();
  if (version) versionIds.set(filter.year, version.id);
  for (const year of years) {
    if (versionIds.has(year)) continue;
    const newest = await versionOf(db, year);
    if (newest) versionIds.set(year, newest.id);
  }
  // One row per month of the period: which version's lines, which month of them, what share.
  const weights = shares.flatMap(([year, month, covered, total]) => {
    const versionId = versionIds.get(year);
    if (!versionId) return [];
    return [
      sql`(${versionId}::uuid, ${month}::int, ${`${year}-${pad(month)}-01`}::date, ${covered}::numeric / ${total})`,
    ];
  });
  if (weights.length === 0) return { version, rows: [] };

  const l = budgetLines;
  const keys: SQL[] = dims.map((d) =>
    d === 'mda'
      ? sql`${l.mdaId}::text`
      : d === 'economicCode'
        ? sql`${l.economicCode}`
        : sql`w.month::text`,
  );
  const where = and(
    whereInMdaScope(filter.scope, l.mdaId),
    filter.mdaIds ? inArray(l.mdaId, [...filter.mdaIds]) : undefined,
  );
  const query = sql`select ${sql.join(
    [
      ...keys.map((k, i) => sql`${k} as ${sql.identifier(COLUMN[dims[i] as BudgetDimension])}`),
      sql`round(sum(${l.monthsKobo}[w.idx] * w.share))::text as budget`,
    ],
    sql`, `,
  )} from ${l} join (values ${sql.join(weights, sql`, `)}) as w(version_id, idx, month, share)
    on w.version_id = ${l.versionId}
    where ${where ?? sql`true`}${keys.length > 0 ? sql` group by ${sql.join(keys, sql`, `)}` : sql``}`;

  const result = (await db.execute(query)) as unknown as { rows: Record<string, string>[] };
  // No line at all gives the ungrouped sum a null: no row, as with the totals.
  const rows = result.rows
    .filter((r) => r.budget !== null)
    .map((r) => {
      const row: BudgetTotalsRow = { budgetKobo: Number(r.budget) };
      if (r.mda_id !== undefined) row.mdaId = r.mda_id;
      if (r.economic_code !== undefined) row.economicCode = r.economic_code;
      if (r.month !== undefined) row.month = r.month;
      return row;
    });
  return { version, rows };
}
