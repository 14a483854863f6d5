import { randomUUID } from 'node:crypto';
import type {
  MdaDetailsQuery,
  MdaInput,
  MdaList,
  MdaPage,
  MdaPatch,
  MdaView,
} from '../../../shared/mdas';
import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../errors';
import { exportList } from '../../export/exportList';
import type { SecretBox } from '../../secrets';
import { recordAudit } from '../audit/service';
import { EXPORT_ROW_LIMIT, MDA_COLUMNS } from './exporter';
import {
  countOfficersOf,
  findMdaById,
  findMdaClash,
  findMdaIdByCode,
  findMdaIdByServiceTypeId,
  insertMda,
  type MdaColumns,
  type MdaRow,
  selectMdaEntries,
  selectMdaPage,
  selectRevenueHeadsOf,
  updateMdaRow,
} from './queries';
import { clearRemitaFault, type RemitaFault, recordRemitaFault } from './remitaFault';
import { createRevenueHeadService } from './revenueHeads';
import { lockMdaInScope, mdaNotFound } from './scope';
import { auditedMda, diffFields, toMdaView } from './view';

export type MdaServiceDeps = { db: Db; secrets: SecretBox };

/**
 * What other modules may ask of MDAs without the service's secrets (officers' MDA
 * privileges): whether ids name MDAs, and their names. No actor: they disclose nothing the
 * caller's own rules have not already allowed.
 */
/**
 * The MDAs with a Remita configuration fault (ADR 0021), for "Payments needing attention": a
 * state has tens of MDAs, so all of them at once. No actor: its one route is ADMIN's.
 */
export {
  findUnknownMdaIds,
  selectMdaNames,
  selectMdasWithRemitaFault as listMdasWithRemitaFault,
} from './queries';

/** What the Remita client needs to speak for an MDA. Never sent to a browser. */
export type RemitaCredentials = { merchantId: string; apiKey: string; serviceTypeIds: string[] };

/** 409 naming the field, so the form can show it beside the code or the name. */
function clashError(clash: { code: string; name: string }, code: string): AppError {
  const field = clash.code === code ? 'code' : 'name';
  const message =
    field === 'code'
      ? `An MDA with the code ${code} exists already (${clash.name}).`
      : `An MDA named "${clash.name}" exists already (code ${clash.code}).`;
  return new AppError('CONFLICT', message, { details: { field } });
}

/** Remita needs the merchant ID beside the key: a key alone could never be used. */
function checkRemitaPair(row: Pick<MdaRow, 'remitaMerchantId' | 'remitaApiKeyEncrypted'>) {
  if (row.remitaApiKeyEncrypted && !row.remitaMerchantId) {
    throw fieldError('merchantId', 'Enter the Remita merchant ID the API key belongs to');
  }
}

export function createMdaService({ db, secrets }: MdaServiceDeps) {
  const revenueHeads = createRevenueHeadService({ db });

  async function viewOf(tx: Db, row: MdaRow): Promise<MdaView> {
    const [heads, officers] = await Promise.all([
      selectRevenueHeadsOf(tx, [row.id]),
      countOfficersOf(tx, [row.id]),
    ]);
    return toMdaView(row, heads, officers.get(row.id) ?? 0);
  }

  async function viewsOf(rows: readonly MdaRow[]): Promise<MdaView[]> {
    const ids = rows.map((r) => r.id);
    const [heads, officers] = await Promise.all([
      selectRevenueHeadsOf(db, ids),
      countOfficersOf(db, ids),
    ]);
    return rows.map((row) =>
      toMdaView(
        row,
        heads.filter((h) => h.mdaId === row.id),
        officers.get(row.id) ?? 0,
      ),
    );
  }

  /** Two administrators saving the same code or name at once: the unique index decides. */
  async function withClashAsConflict<T>(
    wanted: { code?: string | undefined; name?: string | undefined },
    exceptId: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err) && (wanted.code || wanted.name)) {
        const clash = await findMdaClash(db, wanted.code ?? null, wanted.name ?? null, exceptId);
        if (clash) throw clashError(clash, wanted.code ?? '');
      }
      throw err;
    }
  }

  async function findPage(actor: Actor, query: MdaDetailsQuery, limit: number, offset: number) {
    return selectMdaPage(db, mdaScopeOf(actor), query, { limit, offset });
  }

  return {
    listActiveRevenueHeads: revenueHeads.listActiveRevenueHeads,
    addRevenueHead: revenueHeads.addRevenueHead,
    updateRevenueHead: revenueHeads.updateRevenueHead,

    /**
     * The short list for selects. Not paged: a state has tens of MDAs (the Bayelsa demo has
     * 25, its 8 LGAs included), and a select needs them all. MDA staff see their own only.
     */
    async listMdas(actor: Actor, options: { includeInactive?: boolean }): Promise<MdaList> {
      // The system (seeds, jobs) passes no gate; an officer needs the records' permission.
      const mayReadRecords = actor.userType === null || actor.permissions.includes('mda:read');
      if (options.includeInactive && !mayReadRecords) {
        throw new AppError(
          'FORBIDDEN',
          'Only officers who read MDA records may see inactive MDAs.',
        );
      }
      const items = await selectMdaEntries(db, mdaScopeOf(actor), options.includeInactive ?? false);
      return { items };
    },

    async findMdaDetails(actor: Actor, query: MdaDetailsQuery): Promise<MdaPage> {
      const { rows, total } = await findPage(
        actor,
        query,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: await viewsOf(rows), page: query.page, pageSize: query.pageSize, total };
    },

    async exportMdas(actor: Actor, query: MdaDetailsQuery & { format: 'csv' | 'xlsx' }) {
      return exportList(db, actor, {
        format: query.format,
        fileName: 'mdas',
        sheet: 'MDAs',
        columns: MDA_COLUMNS,
        count: async () => (await findPage(actor, query, 1, 0)).total,
        page: async ({ limit, offset }) =>
          viewsOf((await findPage(actor, query, limit, offset)).rows),
        rowLimit: {
          max: EXPORT_ROW_LIMIT,
          message: (total) =>
            `This filter matches ${total} MDAs; an export holds at most ${EXPORT_ROW_LIMIT}.`,
        },
        audit: {
          action: 'mda.exported',
          entityType: 'mda',
          filter: { ...query, format: undefined },
        },
      });
    },

    async getMda(actor: Actor, id: string): Promise<MdaView> {
      const row = await findMdaById(db, id);
      if (!row || !isMdaInScope(mdaScopeOf(actor), id)) throw mdaNotFound();
      return viewOf(db, row);
    },

    async createMda(actor: Actor, input: MdaInput): Promise<MdaView> {
      const id = randomUUID();
      const row: MdaRow = {
        id,
        code: input.code,
        name: input.name,
        shortName: input.shortName || null,
        category: input.category,
        isActive: input.isActive,
        remitaMerchantId: input.merchantId || null,
        // The MDA's id is the additional data: this ciphertext opens for this MDA only.
        remitaApiKeyEncrypted: input.apiKey ? secrets.seal(input.apiKey, id) : null,
        remitaServiceTypeIds: input.serviceTypeIds,
        remitaFaultCode: null,
        remitaFaultMessage: null,
        remitaFaultAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      checkRemitaPair(row);
      return withClashAsConflict(input, id, () =>
        db.transaction(async (tx) => {
          const clash = await findMdaClash(tx, input.code, input.name, null);
          if (clash) throw clashError(clash, input.code);
          await insertMda(tx, row);
          await recordAudit(tx, actor, {
            action: 'mda.created',
            entityType: 'mda',
            entityId: id,
            after: auditedMda(row),
          });
          return viewOf(tx, row);
        }),
      );
    },

    async updateMda(actor: Actor, id: string, patch: MdaPatch): Promise<MdaView> {
      return withClashAsConflict(patch, id, () =>
        db.transaction(async (tx) => {
          const current = await lockMdaInScope(tx, actor, id);
          const changes: MdaColumns = {};
          if (patch.code !== undefined) changes.code = patch.code;
          if (patch.name !== undefined) changes.name = patch.name;
          if (patch.shortName !== undefined) changes.shortName = patch.shortName || null;
          if (patch.category !== undefined) changes.category = patch.category;
          if (patch.isActive !== undefined) changes.isActive = patch.isActive;
          if (patch.merchantId !== undefined) changes.remitaMerchantId = patch.merchantId || null;
          if (patch.serviceTypeIds !== undefined)
            changes.remitaServiceTypeIds = patch.serviceTypeIds;
          if (patch.apiKey !== undefined) {
            changes.remitaApiKeyEncrypted = patch.apiKey ? secrets.seal(patch.apiKey, id) : null;
          }
          const next: MdaRow = { ...current, ...changes };
          checkRemitaPair(next);
          if (
            next.code !== current.code ||
            next.name.toLowerCase() !== current.name.toLowerCase()
          ) {
            const clash = await findMdaClash(tx, next.code, next.name, id);
            if (clash) throw clashError(clash, next.code);
          }
          const diff = diffFields(auditedMda(current), auditedMda(next));
          // A replaced key leaves hasRemitaKey true: say that it changed, never what to.
          const isKeyReplaced = Boolean(patch.apiKey && current.remitaApiKeyEncrypted);
          if (Object.keys(diff.after).length === 0 && !isKeyReplaced) return viewOf(tx, current);
          // New Remita settings are not the ones Remita refused: the kept fault is over (ADR 0021).
          const isFaultCleared =
            current.remitaFaultCode !== null &&
            (isKeyReplaced ||
              ['merchantId', 'serviceTypeIds', 'hasRemitaKey'].some((key) => key in diff.after));
          if (isFaultCleared) {
            changes.remitaFaultCode = null;
            changes.remitaFaultMessage = null;
            changes.remitaFaultAt = null;
          }
          await updateMdaRow(tx, id, changes);
          await recordAudit(tx, actor, {
            action: 'mda.updated',
            entityType: 'mda',
            entityId: id,
            before: isFaultCleared
              ? { ...diff.before, remitaFaultCode: current.remitaFaultCode }
              : diff.before,
            after: {
              ...diff.after,
              ...(isKeyReplaced ? { remitaKeyReplaced: true } : {}),
              ...(isFaultCleared ? { remitaFaultCode: null } : {}),
            },
          });
          return viewOf(tx, (await findMdaById(tx, id)) as MdaRow);
        }),
      );
    },

    /**
     * Server-internal: the id of the MDA with this code (any case), or null. Not scoped: the
     * caller narrows to the actor's MDAs as it reads its own data.
     */
    findMdaIdByCode(code: string): Promise<string | null> {
      return findMdaIdByCode(db, code);
    },

    /**
     * Server-internal: the id of the MDA (within the actor's scope) whose Remita service types
     * include this one, or null. A payment notification names a service type, not an MDA.
     */
    async findMdaIdForServiceType(actor: Actor, serviceTypeId: string): Promise<string | null> {
      const id = await findMdaIdByServiceTypeId(db, serviceTypeId);
      return id && isMdaInScope(mdaScopeOf(actor), id) ? id : null;
    },

    /** Server-internal: Remita refused the MDA's settings; kept for an administrator (ADR 0021). */
    recordRemitaFault: (actor: Actor, mdaId: string, fault: RemitaFault) =>
      recordRemitaFault(db, actor, mdaId, fault),
    /** Server-internal: Remita accepted the MDA's settings. */
    clearRemitaFault: (actor: Actor, mdaId: string) => clearRemitaFault(db, actor, mdaId),

    /**
     * Server-internal, never routed: the decrypted Remita credentials of an MDA the actor may
     * act for, for the Remita client (ADR 0008). 422 when the MDA has none set up.
     */
    async getRemitaCredentials(actor: Actor, mdaId: string): Promise<RemitaCredentials> {
      const row = await findMdaById(db, mdaId);
      if (!row || !isMdaInScope(mdaScopeOf(actor), mdaId)) throw mdaNotFound();
      if (!row.remitaApiKeyEncrypted || !row.remitaMerchantId) {
        throw new AppError(
          'REMITA_NOT_CONFIGURED',
          `${row.name} has no Remita credentials yet. An administrator can add them under Manage MDAs.`,
        );
      }
      return {
        merchantId: row.remitaMerchantId,
        apiKey: secrets.open(row.remitaApiKeyEncrypted, row.id),
        serviceTypeIds: row.remitaServiceTypeIds,
      };
    },
  };
}

export type MdaService = ReturnType<typeof createMdaService>;
