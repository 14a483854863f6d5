import { todayInLagos } from '../../../shared/dates';
import {
  definitionOf,
  formatIndicatorValue,
  INDICATORS,
  type IndicatorKey,
  TARGET_MAX,
} from '../../../shared/indicators/definitions';
import { firstDayOf, monthOf, monthsEndingWith } from '../../../shared/indicators/months';
import type {
  IndicatorFact,
  IndicatorItem,
  IndicatorsAnswer,
  RestateBody,
  SetTargetBody,
} from '../../../shared/indicators/schemas';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { readLetterhead } from '../../documents/letterhead';
import { AppError, fieldError } from '../../errors';
import { type Column, text } from '../../export/columns';
import { exportList } from '../../export/exportList';
import { recordAudit } from '../audit/service';
import { asOfDay, COMPUTE, computeFigures, type IndicatorFigure } from './compute';
import { renderIndicatorsPdf } from './document';
import {
  insertRestatement,
  insertTarget,
  lockSnapshot,
  selectFirstMonth,
  selectRestatements,
  selectSnapshots,
  selectTargetsOn,
  updateSnapshot,
} from './queries';

/** Months of trend each indicator shows (docs/indicators.md). */
export const TREND_MONTHS = 24;

/** The indicators built, in the page's order: each has its computation. */
const BUILT = INDICATORS.filter((i) => COMPUTE[i.key]);

export function computeFigure(
  db: Db,
  key: IndicatorKey,
  month: string,
  today: string,
): Promise<IndicatorFigure> {
  const compute = COMPUTE[key];
  if (!compute) throw new AppError('NOT_FOUND', `The indicator ${key} is not built yet.`);
  return compute(db, month, asOfDay(month, today));
}

type ExportRow = { indicator: string; figure: string; value: string; target: string; ref: string };

const EXPORT_COLUMNS: readonly Column<ExportRow>[] = [
  text('Indicator', (r) => r.indicator, 34),
  text('Figure', (r) => r.figure, 30),
  text('Value', (r) => r.value, 18),
  text('Target', (r) => r.target, 14),
  text('TADAT reference', (r) => r.ref, 48),
];

/**
 * The service's performance indicators (docs/indicators.md): a closed month read from its
 * snapshot (stored by jobs/indicatorSnapshots.ts, or computed now until the job has run), the
 * current month computed live; each with its target in force and 24 months of trend, read from
 * the snapshots only (a month not stored yet is pending, never computed on a page view).
 */
export function createIndicatorService({ db }: { db: Db }) {
  async function checkedMonth(month: string | undefined, today: string) {
    const current = monthOf(today);
    const wanted = month ?? current;
    if (wanted > current) throw fieldError('month', 'The month has not started yet.');
    const first = (await selectFirstMonth(db)) ?? current;
    if (wanted < first) {
      throw fieldError(
        'month',
        `The service's records start in ${first}; pick that month or later.`,
      );
    }
    return { month: wanted, first, current };
  }

  async function indicators(query: { month?: string | undefined }): Promise<IndicatorsAnswer> {
    const today = todayInLagos();
    const { month, first, current } = await checkedMonth(query.month, today);
    const months = monthsEndingWith(month, TREND_MONTHS, first);
    const keys = BUILT.map((i) => i.key);
    // One read of every stored figure the page shows, the targets and the restatements at once.
    const [snapshots, targets, restatements] = await Promise.all([
      selectSnapshots(db, keys, firstDayOf(months[0] ?? month), firstDayOf(month)),
      selectTargetsOn(db, asOfDay(month, today)),
      selectRestatements(db, keys, firstDayOf(month)),
    ]);
    const stored = new Map(snapshots.map((s) => [`${s.key} ${s.month.slice(0, 7)}`, s]));
    const storedOf = (key: IndicatorKey, m: string) =>
      m < current ? stored.get(`${key} ${m}`) : undefined;

    // The month shown: its snapshots, and what is not stored (the current month, or a closed
    // one the job has not reached yet) computed now, all in one go. The trend's other months
    // are only ever read: one the job has not stored yet is left blank and marked pending,
    // rather than 24 months computed on a page view (docs/indicators.md).
    const live = await computeFigures(
      db,
      keys.filter((key) => !storedOf(key, month)),
      month,
      today,
    );

    const items: IndicatorItem[] = BUILT.map((def) => {
      const snapshot = storedOf(def.key, month);
      const own = snapshot
        ? {
            value: snapshot.value,
            facts: snapshot.detail as IndicatorFact[],
            source: 'snapshot' as const,
          }
        : { ...(live.get(def.key) ?? { value: null, facts: [] }), source: 'live' as const };
      const trend: IndicatorItem['trend'] = months.map((m) => {
        if (m === month) return { month: m, value: own.value };
        const point = storedOf(def.key, m);
        return point ? { month: m, value: point.value } : { month: m, value: null, pending: true };
      });
      return {
        key: def.key,
        label: def.label,
        value: own.value,
        unit: def.unit,
        higherIsBetter: def.higherIsBetter,
        target: targets.get(def.key) ?? null,
        trend,
        facts: own.facts,
        source: own.source,
        restatements: restatements
          .filter((r) => r.key === def.key)
          .map((r) => ({
            oldValue: r.oldValue,
            newValue: r.newValue,
            reason: r.reason,
            restatedAt: r.restatedAt.toISOString(),
          })),
        definition: def.definition,
        tadatRef: def.tadatRef,
        drillDown: def.drillDown,
      };
    });
    return { month, items };
  }

  return {
    indicators,

    async exportIndicators(
      actor: Actor,
      query: { month?: string | undefined; format: 'csv' | 'xlsx' },
    ) {
      const answer = await indicators(query);
      const rows: ExportRow[] = answer.items.flatMap((item) => [
        {
          indicator: item.label,
          figure: item.label,
          value: formatIndicatorValue(item.value, item.unit),
          target: formatIndicatorValue(item.target, item.unit),
          ref: item.tadatRef,
        },
        ...item.facts.map((f) => ({
          indicator: item.label,
          figure: f.label,
          value: formatIndicatorValue(f.value, f.unit),
          target: '',
          ref: '',
        })),
      ]);
      return exportList(db, actor, {
        format: query.format,
        fileName: `service-performance-${answer.month}`,
        sheet: `Performance ${answer.month}`,
        columns: EXPORT_COLUMNS,
        count: async () => rows.length,
        page: async ({ limit, offset }) => rows.slice(offset, offset + limit),
        audit: {
          action: 'indicators.exported',
          entityType: 'report',
          filter: { month: answer.month },
        },
      });
    },

    /** The month's indicators as the board's PDF (document.ts), audited as an export. */
    async indicatorsPdf(actor: Actor, query: { month?: string | undefined }) {
      const answer = await indicators(query);
      const today = todayInLagos();
      const body = await renderIndicatorsPdf(answer, await readLetterhead(db), today);
      await recordAudit(db, actor, {
        action: 'indicators.exported',
        entityType: 'report',
        after: { filter: { month: answer.month }, format: 'pdf', rows: answer.items.length },
      });
      return { body, fileName: `service-performance-${answer.month}-${today}.pdf` };
    },

    /** A new dated target row (ADR 0033); the one before stays for the months it applied to. */
    async setTarget(actor: Actor, key: IndicatorKey, body: SetTargetBody) {
      const def = definitionOf(key);
      if (!def || !COMPUTE[key])
        throw new AppError('NOT_FOUND', `The indicator ${key} is not built yet.`);
      const max = TARGET_MAX[def.unit];
      if (!Number.isFinite(body.value) || body.value < 0 || body.value > max) {
        throw fieldError(
          'value',
          def.unit === 'share'
            ? 'A share is between 0 and 1 (0.85 for 85 %).'
            : `The target is between 0 and ${max.toLocaleString('en-NG')}.`,
        );
      }
      if ((def.unit === 'naira' || def.unit === 'count') && !Number.isInteger(body.value)) {
        throw fieldError(
          'value',
          def.unit === 'naira' ? 'Give the target in whole kobo.' : 'Give a whole number.',
        );
      }
      return db.transaction(async (tx) => {
        const row = await insertTarget(tx, {
          key,
          value: body.value,
          validFrom: body.from,
          note: body.note,
          createdBy: actor.officerId,
        });
        await recordAudit(tx, actor, {
          action: 'indicator.target_set',
          entityType: 'indicator',
          entityId: row?.id ?? null,
          after: { key, value: body.value, from: body.from, note: body.note },
        });
        return { key, value: body.value, from: body.from, note: body.note };
      });
    },

    /**
     * Recomputes a closed month's stored figure. When it differs, the snapshot takes the new
     * figure and a restatement keeps the old one with the reason; either way it is audited.
     */
    async restate(actor: Actor, key: IndicatorKey, body: RestateBody) {
      if (!COMPUTE[key]) throw new AppError('NOT_FOUND', `The indicator ${key} is not built yet.`);
      const today = todayInLagos();
      if (body.month >= monthOf(today)) {
        throw fieldError('month', 'Only a closed month has a stored figure to restate.');
      }
      return db.transaction(async (tx) => {
        const snapshot = await lockSnapshot(tx, key, firstDayOf(body.month));
        if (!snapshot) {
          throw new AppError('NOT_FOUND', `No figure of ${body.month} is stored yet for ${key}.`);
        }
        const figure = await computeFigure(tx, key, body.month, today);
        const restated = figure.value !== snapshot.value;
        if (restated) {
          await updateSnapshot(tx, key, snapshot.month, figure);
          await insertRestatement(tx, {
            month: snapshot.month,
            key,
            oldValue: snapshot.value,
            newValue: figure.value,
            oldDetail: snapshot.detail,
            reason: body.reason,
            restatedBy: actor.officerId,
          });
        }
        await recordAudit(tx, actor, {
          action: 'indicator.restated',
          entityType: 'indicator',
          before: { key, month: body.month, value: snapshot.value },
          after: { key, month: body.month, value: figure.value, restated, reason: body.reason },
        });
        return {
          month: body.month,
          key,
          restated,
          oldValue: snapshot.value,
          newValue: figure.value,
        };
      });
    },
  };
}
