import { sql } from 'drizzle-orm';
import { evenMonths, weightedMonths } from '../../../shared/budgets/phasing';
import { todayInLagos } from '../../../shared/dates';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { selectCatalogue } from '../../modules/budgets/queries';
import { createBudgetService } from '../../modules/budgets/service';
import { selectCollectionTotals } from '../../modules/reports/totals/queries';
import type { Db } from '../client';
import { budgetVersions } from '../schema';

/**
 * A demo revenue budget (docs/budgets.md "Demo budget"): the previous and the current year for
 * every MDA and each of its revenue heads, the current year revised once (version 2), so the
 * budget page and the budget reports have versions to show. The figures are demo figures, and
 * each version's note says so (the page marks them "demo budget"). They are sized against the
 * demo collections so the MDAs land at varied performance: the collections so far, run on to
 * the whole year, divided by a performance chosen per MDA (some ahead of budget, some behind).
 * A few heads are phased by season, the rest evenly. Skipped once any budget exists.
 */

/** Collected ÷ budget that each MDA lands at, by its place in name order, round and round. */
const PERFORMANCE = [1.25, 0.7, 1.0, 0.55, 1.1, 0.85, 1.4, 0.95];

/** A season: quiet first quarter, busier second half (every fourth head). */
const SEASONAL = [5, 6, 7, 8, 8, 9, 9, 9, 9, 9, 10, 11];

/** A head with no demo collections yet is budgeted ₦2–10 million, by its place. */
const floorKobo = (place: number) => ((place % 5) + 1) * 2_000_000_00;

const roundToThousandNaira = (kobo: number) =>
  Math.max(1_000_00, Math.round(kobo / 1_000_00) * 1_000_00);

export async function seedDemoBudgets(db: Db, config: Config): Promise<number> {
  if (config.env === 'production') {
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  }
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(budgetVersions);
  if ((existing?.n ?? 0) > 0) return 0;
  const mdas = (await selectCatalogue(db, { activeOnly: true })).filter((m) => m.heads.length > 0);
  if (mdas.length === 0) return 0;

  const today = todayInLagos();
  const year = Number(today.slice(0, 4));
  const monthsGone = Math.max(1, Number(today.slice(5, 7)) - 1 + Number(today.slice(8, 10)) / 31);
  const collected = await selectCollectionTotals(
    db,
    { from: `${year}-01-01`, to: today, scope: { all: true } },
    ['mda', 'revenueHead'],
  );
  const collectedOf = new Map(
    collected.map((r) => [`${r.mdaId}/${r.revenueHeadCode}`, r.amountKobo]),
  );

  let place = 0;
  const current = mdas.flatMap((mda, m) => {
    const performance = PERFORMANCE[m % PERFORMANCE.length] as number;
    return mda.heads.map((head) => {
      place += 1;
      const soFar = collectedOf.get(`${mda.id}/${head.code}`) ?? 0;
      const wholeYear = soFar > 0 ? (soFar * 12) / monthsGone / performance : floorKobo(place);
      const annualKobo = roundToThousandNaira(wholeYear);
      const isSeasonal = place % 4 === 0;
      return {
        mdaId: mda.id,
        economicCode: head.code,
        annualKobo,
        monthsKobo: isSeasonal ? weightedMonths(annualKobo, SEASONAL) : evenMonths(annualKobo),
      };
    });
  });
  // The previous year: a tenth less, evenly phased.
  const previous = current.map((l) => {
    const annualKobo = roundToThousandNaira(l.annualKobo * 0.9);
    return { ...l, annualKobo, monthsKobo: evenMonths(annualKobo) };
  });
  // The revision: a supplementary budget raising every third MDA's heads by a fifth.
  const revisedMdas = new Set(mdas.filter((_, i) => i % 3 === 1).map((m) => m.id));
  const revised = current.map((l) => {
    if (!revisedMdas.has(l.mdaId)) return l;
    const annualKobo = roundToThousandNaira(l.annualKobo * 1.2);
    return { ...l, annualKobo, monthsKobo: evenMonths(annualKobo) };
  });

  const budgets = createBudgetService({ db });
  const actor = systemActor('seed');
  const approvedOn = (y: number) => new Date(`${y}-01-06T10:00:00+01:00`);
  // The revision is made in mid-year, or a week ago early in the year.
  const revisedOn =
    Number(today.slice(5, 7)) > 7
      ? new Date(`${year}-07-15T10:00:00+01:00`)
      : new Date(Date.now() - 7 * 86_400_000);
  const versions = [
    {
      year: year - 1,
      note: `Demo budget: approved ${year - 1} budget`,
      lines: previous,
      createdAt: approvedOn(year - 1),
    },
    {
      year,
      note: `Demo budget: approved ${year} budget`,
      lines: current,
      createdAt: approvedOn(year),
    },
    {
      year,
      note: `Demo budget: supplementary ${year} budget (revised)`,
      lines: revised,
      createdAt: revisedOn,
    },
  ];
  for (const v of versions) {
    await db.transaction((tx) =>
      budgets.storeVersion(tx, actor, { ...v, source: 'entry', jobId: null }),
    );
  }
  return versions.length;
}
