import type { PageQuery } from '../../../shared/pagination';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { insertAuditEvent, selectEntityEvents } from './queries';

export type AuditEntry = {
  /** `<entity>.<verb in past tense>`, e.g. `auth.signed_in`, `officer.created`. */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Keys whose values never reach the audit trail. */
const SECRET_KEYS = /password|hash|token|secret|apikey/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
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
 * the change land together or not at all (DESIGN.md §4).
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

/** What happened to one entity (a taxpayer's change history), newest first. */
export function findEntityHistory(db: Db, entityType: string, entityId: string, page: PageQuery) {
  return selectEntityEvents(db, entityType, entityId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
}
