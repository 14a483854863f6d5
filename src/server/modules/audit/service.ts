import { inArray } from 'drizzle-orm';
import type {
  AuditActionList,
  AuditEventListQuery,
  AuditEventListResult,
  AuditEventView,
  AuditVerifyResult,
} from '../../../shared/audit';
import { isUuid } from '../../../shared/ids';
import type { PageQuery } from '../../../shared/pagination';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { officers } from '../../db/schema';
import { exportList } from '../../export/exportList';
import { verifyAuditChain } from './chain';
import { AUDIT_COLUMNS, AUDIT_EXPORT_ROW_LIMIT } from './exporter';
import {
  type AuditEventRow,
  type AuditFilter,
  insertAuditEvent,
  selectAuditEvents,
  selectAuditEventsAfter,
  selectDistinctActions,
  selectEntityEvents,
  selectLatestAuditId,
  selectOfficerIdsByLogin,
} from './queries';

export type AuditEntry = {
  /** `<entity>.<verb in past tense>`, e.g. `auth.signed_in`, `officer.created`. */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Keys whose values never reach the audit trail: passwords (`temporaryPassword`), their
 * hashes, session tokens, and Remita credentials in any spelling (`apiKey`, `api_key`,
 * `remitaApiKeyEncrypted`, `credentials`). An MDA's API key is never in the trail (ADR 0008).
 */
export const SECRET_KEYS = /password|hash|token|secret|api[_-]?key|credential|encrypted/i;

/**
 * A copy without secret keys, at any depth. A change list of the `{ field, before, after }`
 * shape loses the entries of a secret field too: there the secret's name is a value.
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter(
        (item) =>
          !(
            item &&
            typeof item === 'object' &&
            typeof (item as { field?: unknown }).field === 'string' &&
            SECRET_KEYS.test((item as { field: string }).field)
          ),
      )
      .map(withoutSecrets);
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the row and
 * the change land together or not at all (docs/architecture.md §4).
 */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    actorId: actor.officerId,
    actorUsername: actor.username,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before === undefined ? null : withoutSecrets(entry.before),
    after: entry.after === undefined ? null : withoutSecrets(entry.after),
    requestId: actor.requestId,
    ip: actor.ip,
  });
}

/**
 * The rows of one action since a Lagos day, newest first, counted at most TOTAL_COUNT_AHEAD past
 * the page: read through the (action, occurred_at) index, so a module can show what the trail
 * holds of one kind ("Payments needing attention" reads refused notifications, ADR 0031).
 */
export function findRecentEventsOfAction(
  db: Db,
  action: string,
  fromDay: string,
  window: { limit: number; offset: number },
) {
  return selectAuditEvents(
    db,
    {
      actorIds: null,
      actorUsername: null,
      action,
      actionPrefix: null,
      entityType: null,
      entityId: null,
      from: fromDay,
      to: null,
    },
    window,
  );
}

/** What happened to one entity (a taxpayer's change history), newest first. */
/**
 * The officers' names as they are now, by id: a history names people, never by username
 * (an officer who is gone keeps the username the row recorded).
 */
export async function officerNamesOf(
  db: Db,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: officers.id, firstName: officers.firstName, surname: officers.surname })
    .from(officers)
    .where(inArray(officers.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.surname}`]));
}

export function findEntityHistory(db: Db, entityType: string, entityId: string, page: PageQuery) {
  return selectEntityEvents(db, entityType, entityId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function toView(row: AuditEventRow): AuditEventView {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    requestId: row.requestId,
    ip: row.ip,
  };
}

/** The audit trail screen and `npm run audit:verify` (ADR 0007). */
export function createAuditService({ db }: { db: Db }) {
  /** `actor` is an officer's uuid, username or Officer ID; else a system name (`seed`). */
  async function toFilter(query: AuditEventListQuery): Promise<AuditFilter> {
    const actor = blank(query.actor);
    const action = blank(query.action);
    let actorIds: string[] | null = null;
    if (actor && isUuid(actor)) actorIds = [actor.toLowerCase()];
    else if (actor) {
      const ids = await selectOfficerIdsByLogin(db, actor);
      if (ids.length > 0) actorIds = ids;
    }
    return {
      actorIds,
      actorUsername: actor && actorIds === null ? actor : null,
      action: action && !action.endsWith('.') ? action : null,
      actionPrefix: action?.endsWith('.') ? action : null,
      entityType: blank(query.entityType),
      entityId: blank(query.entityId),
      from: query.from ?? null,
      to: query.to ?? null,
    };
  }

  return {
    async findAuditEvents(
      _actor: Actor,
      query: AuditEventListQuery,
    ): Promise<AuditEventListResult> {
      const { items, total, isTotalCapped } = await selectAuditEvents(db, await toFilter(query), {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: items.map(toView),
        page: query.page,
        pageSize: query.pageSize,
        total,
        isTotalCapped,
      };
    },

    /** The same filter as the list, as a file. Audited: the trail leaves the building. */
    async exportAuditEvents(actor: Actor, query: AuditEventListQuery & { format: 'csv' | 'xlsx' }) {
      const filter: AuditFilter = await toFilter(query);
      return exportList(db, actor, {
        format: query.format,
        fileName: 'audit-trail',
        sheet: 'Audit trail',
        columns: AUDIT_COLUMNS,
        count: async () => {
          filter.atMostId = await selectLatestAuditId(db);
          // One row read at the bound: the list's own count then reaches just past it.
          const { total } = await selectAuditEvents(db, filter, {
            limit: 1,
            offset: AUDIT_EXPORT_ROW_LIMIT,
          });
          return total;
        },
        // Keyset pages, uncounted: the list's own page counts its matches each time.
        page: async ({ limit, after }) =>
          (await selectAuditEventsAfter(db, filter, { limit, afterId: after?.id ?? null })).map(
            toView,
          ),
        rowLimit: {
          max: AUDIT_EXPORT_ROW_LIMIT,
          message: () =>
            `This filter matches more than ${AUDIT_EXPORT_ROW_LIMIT.toLocaleString('en-NG')} audit rows; an export holds at most that many. Narrow it by date, actor or action.`,
        },
        audit: {
          action: 'audit.exported',
          entityType: 'audit_trail',
          filter: { ...query, format: undefined },
        },
      });
    },

    async listActions(_actor: Actor): Promise<AuditActionList> {
      return { items: await selectDistinctActions(db) };
    },

    /**
     * Verifies the chain, then records that it was verified and what was found. In that
     * order: the record extends the chain, and the answer is about the chain as it was.
     */
    async verifyChain(actor: Actor): Promise<AuditVerifyResult> {
      const result = await verifyAuditChain(db);
      await recordAudit(db, actor, {
        action: 'audit.verified',
        entityType: 'audit_trail',
        // Not `headHash`: that key would be taken for a secret and dropped.
        after: {
          intact: result.intact,
          checked: result.checked,
          firstBadId: result.firstBadId ?? null,
          reason: result.reason ?? null,
          chainHead: result.headHash,
        },
      });
      return result;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
