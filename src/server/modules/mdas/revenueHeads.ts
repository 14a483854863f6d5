import type { RevenueHeadInput, RevenueHeadPatch, RevenueHeadView } from '../../../shared/mdas';
import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import {
  findMdaById,
  findRevenueHead,
  findRevenueHeadByCode,
  insertRevenueHead,
  type MdaRow,
  selectRevenueHeadsOf,
  updateRevenueHeadRow,
} from './queries';
import { lockMdaInScope, mdaNotFound } from './scope';
import { diffFields, toRevenueHeadView } from './view';

/**
 * An MDA's revenue heads. Changes lock the MDA's row, so two heads with one economic code
 * cannot be added at once; each change is audited on the MDA (entity `mda`).
 */
export function createRevenueHeadService({ db }: { db: Db }) {
  return {
    /**
     * The active heads of one MDA, for the bill form of every officer who raises bills
     * (their economic codes and names are not secret). MDA staff see their MDAs' only.
     */
    async listActiveRevenueHeads(actor: Actor, mdaId: string): Promise<RevenueHeadView[]> {
      const mda = await findMdaById(db, mdaId);
      if (!mda || !isMdaInScope(mdaScopeOf(actor), mdaId)) throw mdaNotFound();
      const heads = await selectRevenueHeadsOf(db, [mdaId]);
      return heads.filter((head) => head.isActive).map(toRevenueHeadView);
    },

    async addRevenueHead(
      actor: Actor,
      mdaId: string,
      input: RevenueHeadInput,
    ): Promise<RevenueHeadView> {
      return db.transaction(async (tx) => {
        const mda = await lockMdaInScope(tx, actor, mdaId);
        await refuseDuplicateHead(tx, mda, input.code, null);
        const head = await insertRevenueHead(tx, {
          mdaId,
          code: input.code,
          name: input.name,
          defaultAmountKobo: input.defaultAmountKobo ?? null,
          isActive: input.isActive,
        });
        const view = toRevenueHeadView(head);
        await recordAudit(tx, actor, {
          action: 'mda.revenue_head_added',
          entityType: 'mda',
          entityId: mdaId,
          after: { revenueHead: view },
        });
        return view;
      });
    },

    async updateRevenueHead(
      actor: Actor,
      mdaId: string,
      headId: string,
      patch: RevenueHeadPatch,
    ): Promise<RevenueHeadView> {
      return db.transaction(async (tx) => {
        const mda = await lockMdaInScope(tx, actor, mdaId);
        const current = await findRevenueHead(tx, mdaId, headId);
        if (!current) throw new AppError('NOT_FOUND', `${mda.name} has no such revenue head.`);
        if (patch.code !== undefined && patch.code !== current.code) {
          await refuseDuplicateHead(tx, mda, patch.code, headId);
        }
        const before = toRevenueHeadView(current);
        const next = { ...before, ...withoutUndefined(patch) };
        const diff = diffFields(before, next);
        if (Object.keys(diff.after).length === 0) return before;
        const updated = toRevenueHeadView(await updateRevenueHeadRow(tx, headId, diff.after));
        await recordAudit(tx, actor, {
          action: 'mda.revenue_head_updated',
          entityType: 'mda',
          entityId: mdaId,
          before: { revenueHead: { id: headId, code: current.code, ...diff.before } },
          after: { revenueHead: { id: headId, code: updated.code, ...diff.after } },
        });
        return updated;
      });
    },
  };
}

async function refuseDuplicateHead(tx: Db, mda: MdaRow, code: string, exceptId: string | null) {
  const existing = await findRevenueHeadByCode(tx, mda.id, code, exceptId);
  if (existing) {
    throw new AppError(
      'CONFLICT',
      `${mda.name} has a revenue head with the economic code ${code} already (${existing.name}).`,
      { details: { field: 'code' } },
    );
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
