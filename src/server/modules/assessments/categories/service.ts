import {
  missingRuleAmounts,
  ruleAmountsOf,
  type TradeCategoryInput,
  type TradeCategoryListQuery,
  type TradeCategoryPage,
  type TradeCategoryPatch,
  type TradeCategoryView,
} from '../../../../shared/assessments/categories';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError, fieldError } from '../../../errors';
import { type ExportAnswer, exportList } from '../../../export/exportList';
import { recordAudit } from '../../audit/service';
import {
  countTradeCategories,
  insertTradeCategory,
  selectTradeCategories,
  selectTradeCategoryById,
  selectTradeCategoryByName,
  type TradeCategoryFilter,
  type TradeCategoryRow,
  updateTradeCategoryAtVersion,
} from './queries';
import { TRADE_CATEGORY_COLUMNS, TRADE_CATEGORY_EXPORT_LIMIT, toTradeCategoryView } from './view';

function nameTaken(name: string): AppError {
  return new AppError('CONFLICT', `A trade category named "${name}" exists already.`, {
    details: { field: 'name' },
  });
}

function staleEdit(): AppError {
  return new AppError(
    'CONFLICT',
    'Someone else changed this trade category since you opened it. Reload to see their changes, then edit again.',
  );
}

function filterOf(query: TradeCategoryListQuery): TradeCategoryFilter {
  return {
    search: query.search,
    isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
    rule: query.rule,
  };
}

/** Fields that differ between two views, for the audit row. */
function changes(before: TradeCategoryView, after: TradeCategoryView) {
  const keys = (Object.keys(after) as (keyof TradeCategoryView)[]).filter(
    (key) => key !== 'updatedAt' && before[key] !== after[key],
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Trade categories of presumptive tax (docs/tax-rules.md): an administrator keeps them, each
 * assessor reads them. A category is never deleted (past assessments point at it): it is
 * deactivated. Every change is audited in its transaction.
 */
export function createTradeCategoryService({ db }: { db: Db }) {
  async function getRow(id: string): Promise<TradeCategoryRow> {
    const row = await selectTradeCategoryById(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such trade category.');
    return row;
  }

  return {
    async findTradeCategories(
      _actor: Actor,
      query: TradeCategoryListQuery,
    ): Promise<TradeCategoryPage> {
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        selectTradeCategories(db, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countTradeCategories(db, filter),
      ]);
      return {
        items: rows.map(toTradeCategoryView),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    /** The list's filter as a file; audited like every export (who took what away). */
    async exportTradeCategories(
      actor: Actor,
      query: TradeCategoryListQuery & { format: 'csv' | 'xlsx' },
    ): Promise<ExportAnswer> {
      const filter = filterOf(query);
      return exportList(db, actor, {
        format: query.format,
        fileName: 'trade-categories',
        sheet: 'Trade categories',
        columns: TRADE_CATEGORY_COLUMNS,
        count: () => countTradeCategories(db, filter),
        page: ({ limit, offset }) =>
          selectTradeCategories(db, filter, { sort: query.sort, limit, offset }),
        rowLimit: {
          max: TRADE_CATEGORY_EXPORT_LIMIT,
          message: () =>
            `This filter matches more than ${TRADE_CATEGORY_EXPORT_LIMIT.toLocaleString('en-NG')} trade categories. Narrow it and export again.`,
        },
        audit: { action: 'trade_category.exported', entityType: 'trade_category', filter },
      });
    },

    async getTradeCategory(_actor: Actor, id: string): Promise<TradeCategoryView> {
      return toTradeCategoryView(await getRow(id));
    },

    async createTradeCategory(
      actor: Actor,
      input: TradeCategoryInput,
      options: { isDemo?: boolean } = {},
    ): Promise<TradeCategoryView> {
      try {
        return await db.transaction(async (tx) => {
          const clash = await selectTradeCategoryByName(tx, input.name);
          if (clash) throw nameTaken(clash.name);
          const row = await insertTradeCategory(tx, {
            name: input.name,
            description: input.description || null,
            rule: input.rule,
            ...ruleAmountsOf(input),
            isDemo: options.isDemo ?? false,
          });
          const view = toTradeCategoryView(row);
          await recordAudit(tx, actor, {
            action: 'trade_category.created',
            entityType: 'trade_category',
            entityId: row.id,
            after: view,
          });
          return view;
        });
      } catch (err) {
        // Two administrators creating the same name at once: the unique index decides.
        if (isUniqueViolation(err)) throw nameTaken(input.name);
        throw err;
      }
    },

    async updateTradeCategory(
      actor: Actor,
      id: string,
      patch: TradeCategoryPatch,
    ): Promise<TradeCategoryView> {
      try {
        return await db.transaction(async (tx) => {
          const current = await selectTradeCategoryById(tx, id);
          if (!current) throw new AppError('NOT_FOUND', 'No such trade category.');
          if (patch.version !== current.version) throw staleEdit();
          const before = toTradeCategoryView(current);
          const merged = {
            rule: patch.rule ?? current.rule,
            smallKobo: patch.smallKobo === undefined ? current.smallKobo : patch.smallKobo,
            mediumKobo: patch.mediumKobo === undefined ? current.mediumKobo : patch.mediumKobo,
            largeKobo: patch.largeKobo === undefined ? current.largeKobo : patch.largeKobo,
            turnoverThresholdKobo:
              patch.turnoverThresholdKobo === undefined
                ? current.turnoverThresholdKobo
                : patch.turnoverThresholdKobo,
            rateBasisPoints:
              patch.rateBasisPoints === undefined ? current.rateBasisPoints : patch.rateBasisPoints,
          };
          const [missing] = missingRuleAmounts(merged);
          if (missing) throw fieldError(missing.path, missing.message);
          const name = patch.name ?? current.name;
          if (name.toLowerCase() !== current.name.toLowerCase()) {
            const clash = await selectTradeCategoryByName(tx, name);
            if (clash && clash.id !== id) throw nameTaken(clash.name);
          }
          const values = {
            name,
            description:
              patch.description === undefined ? current.description : patch.description || null,
            rule: merged.rule,
            ...ruleAmountsOf(merged),
            isActive: patch.isActive ?? current.isActive,
          };
          const unchanged = (Object.keys(values) as (keyof typeof values)[]).every(
            (key) => values[key] === current[key],
          );
          if (unchanged) return before;
          const row = await updateTradeCategoryAtVersion(tx, id, patch.version, values);
          if (!row) throw staleEdit();
          const after = toTradeCategoryView(row);
          const diff = changes(before, after);
          const action =
            before.isActive && !after.isActive
              ? 'trade_category.deactivated'
              : !before.isActive && after.isActive
                ? 'trade_category.reactivated'
                : 'trade_category.updated';
          await recordAudit(tx, actor, {
            action,
            entityType: 'trade_category',
            entityId: id,
            ...diff,
          });
          return after;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(patch.name ?? '');
        throw err;
      }
    },
  };
}

export type TradeCategoryService = ReturnType<typeof createTradeCategoryService>;
