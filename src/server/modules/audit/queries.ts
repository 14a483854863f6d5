import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  like,
  lt,
  lte,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { auditChainHead, auditEvents, officers } from '../../db/schema';

/** The chain columns are the trigger's to fill (migration 0006), never the caller's. */
export type AuditEventInsert = Omit<
  typeof auditEvents.$inferInsert,
  'id' | 'chainSeq' | 'prevHash' | 'hash'
>;

export async function insertAuditEvent(db: Db, row: AuditEventInsert): Promise<void> {
  // NOT NULL is checked after BEFORE triggers, so the chain trigger's values satisfy it.
  await db.insert(auditEvents).values(row as typeof auditEvents.$inferInsert);
}

/** What a reader of the trail sees of a row: everything but the chain columns. */
const eventColumns = {
  id: auditEvents.id,
  occurredAt: auditEvents.occurredAt,
  actorId: auditEvents.actorId,
  actorUsername: auditEvents.actorUsername,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  before: auditEvents.before,
  after: auditEvents.after,
  requestId: auditEvents.requestId,
  ip: auditEvents.ip,
  /**
   * The officer's name as it reads now (a history names people, not usernames); null for a
   * system actor (`seed`, `cli`, `anonymous`), who has no officer row. Read by a left join on
   * the officer's primary key, after the page's limit: one probe per row shown.
   */
  actorName: sql<string | null>`${officers.firstName} || ' ' || ${officers.surname}`,
};

/** The audit rows of one entity, newest first. */
export async function selectEntityEvents(
  db: Db,
  entityType: string,
  entityId: string,
  window: { limit: number; offset: number },
) {
  const where = and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId));
  const [items, totals] = await Promise.all([
    db
      .select(eventColumns)
      .from(auditEvents)
      .leftJoin(officers, eq(officers.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** The officers a reader may mean by `actor`: their username or their Officer ID (OFF-000042). */
export async function selectOfficerIdsByLogin(db: Db, login: string): Promise<string[]> {
  const rows = await db
    .select({ id: officers.id })
    .from(officers)
    .where(
      or(
        sql`lower(${officers.username}) = lower(${login})`,
        eq(officers.officerId, login.toUpperCase()),
      ),
    );
  return rows.map((row) => row.id);
}

export type AuditFilter = {
  /** Rows by these officers; or, when null, `actorUsername` decides. */
  actorIds: string[] | null;
  /** A system or anonymous actor (`seed`, `cli`, `anonymous`), who has no officer row. */
  actorUsername: string | null;
  action: string | null;
  actionPrefix: string | null;
  entityType: string | null;
  entityId: string | null;
  from: string | null;
  to: string | null;
  /**
   * Rows up to this one: an export reads the trail as it stood when it was counted, so its own
   * `audit.exported` row, written before the first page, does not shift the pages.
   */
  atMostId?: number;
};

/** Midnight at the start of a Lagos day, as the taxpayer registry's date filter reads it. */
const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

function filterConditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorIds ? inArray(auditEvents.actorId, filter.actorIds) : undefined,
    filter.actorUsername ? eq(auditEvents.actorUsername, filter.actorUsername) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actionPrefix
      ? like(auditEvents.action, `${escapeLike(filter.actionPrefix)}%`)
      : undefined,
    filter.entityType ? eq(auditEvents.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditEvents.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditEvents.occurredAt, lagosDayStart(filter.from)) : undefined,
    filter.to
      ? lt(auditEvents.occurredAt, sql`${lagosDayStart(filter.to)} + interval '1 day'`)
      : undefined,
    filter.atMostId === undefined ? undefined : lte(auditEvents.id, filter.atMostId),
  );
}

const isUnfiltered = (filter: AuditFilter) =>
  Object.values(filter).every((value) => value === null);

/**
 * A filtered list counts its matches only this far past the page asked for: at ten million
 * rows, counting every sign-in of a year would cost more than the page itself.
 */
export const TOTAL_COUNT_AHEAD = 1000;

/**
 * The trail, newest first. The whole trail is counted exactly from the chain's head (one row
 * per position); a filter is counted up to TOTAL_COUNT_AHEAD past the page.
 */
export async function selectAuditEvents(
  db: Db,
  filter: AuditFilter,
  window: { limit: number; offset: number },
) {
  const where = filterConditions(filter);
  const countLimit = window.offset + Math.max(window.limit, TOTAL_COUNT_AHEAD);
  const [items, counted] = await Promise.all([
    db
      .select(eventColumns)
      .from(auditEvents)
      .leftJoin(officers, eq(officers.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(window.limit)
      .offset(window.offset),
    isUnfiltered(filter) ? countWholeTrail(db) : countUpTo(db, where, countLimit + 1),
  ]);
  const isTotalCapped = !isUnfiltered(filter) && counted > countLimit;
  return {
    items,
    total: isTotalCapped ? countLimit : counted,
    isTotalCapped,
  };
}

export type AuditEventRow = Awaited<ReturnType<typeof selectAuditEvents>>['items'][number];

/**
 * The export's pages (docs/decisions/0029-one-export-path.md): the rows after `afterId` in the
 * list's order (newest first, ties by id), read by keyset and not counted, so a page deep in a
 * 50,000-row export costs what the first does. The cursor's time is read back from its row,
 * keeping its microseconds (a JavaScript Date holds milliseconds).
 */
export function selectAuditEventsAfter(
  db: Db,
  filter: AuditFilter,
  window: { limit: number; afterId: number | null },
) {
  const its =
    window.afterId === null
      ? undefined
      : sql`(select keyset_cursor.occurred_at from audit_events keyset_cursor where keyset_cursor.id = ${window.afterId})`;
  return db
    .select(eventColumns)
    .from(auditEvents)
    .leftJoin(officers, eq(officers.id, auditEvents.actorId))
    .where(
      and(
        filterConditions(filter),
        its
          ? sql`(${auditEvents.occurredAt} <= ${its} and (${auditEvents.occurredAt} < ${its} or ${auditEvents.id} < ${window.afterId}))`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(window.limit);
}

/** The newest row's id: 0 for an empty trail. */
export async function selectLatestAuditId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return Number(row?.id ?? 0);
}

async function countWholeTrail(db: Db): Promise<number> {
  const [head] = await db
    .select({ lastSeq: auditChainHead.lastSeq })
    .from(auditChainHead)
    .where(eq(auditChainHead.id, 1));
  return head?.lastSeq ?? 0;
}

async function countUpTo(db: Db, where: SQL | undefined, limit: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(where)
    .limit(limit)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  return row?.total ?? 0;
}

/**
 * Every action name once, in order. A loose index scan over audit_events_action_idx: one
 * index probe per distinct action instead of reading every row (PostgreSQL 15 has no skip scan).
 */
export async function selectDistinctActions(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive actions(action) as (
      (select action from audit_events order by action limit 1)
      union all
      select (select e.action from audit_events e where e.action > a.action order by e.action limit 1)
      from actions a where a.action is not null
    )
    select action from actions where action is not null`)) as unknown as {
    rows: { action: string }[];
  };
  return result.rows.map((row) => row.action);
}

/** One link of the chain as stored, with its own hash recomputed by the database. */
export type ChainLink = {
  id: number;
  seq: number;
  prevHash: string | null;
  hash: string;
  isContentIntact: boolean;
};

/**
 * The next `limit` links after chain position `afterSeq`, in chain order. Hashes come back as
 * hex and big integers as text, so PGlite and node-postgres answer alike.
 */
export async function selectChainLinks(
  db: Db,
  afterSeq: number,
  limit: number,
): Promise<ChainLink[]> {
  const result = (await db.execute(sql`
    select e.id::text as id, e.chain_seq::text as seq,
           encode(e.prev_hash, 'hex') as prev_hash, encode(e.hash, 'hex') as hash,
           e.hash = sha256(coalesce(e.prev_hash, ''::bytea) || audit_event_content(e)) as is_content_intact
    from audit_events e
    where e.chain_seq > ${afterSeq}
    order by e.chain_seq
    limit ${limit}`)) as unknown as {
    rows: {
      id: string;
      seq: string;
      prev_hash: string | null;
      hash: string | null;
      is_content_intact: boolean | null;
    }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    seq: Number(row.seq),
    prevHash: row.prev_hash,
    hash: row.hash ?? '',
    isContentIntact: row.is_content_intact === true,
  }));
}

/** Where the chain ends, as the insert trigger last left it. */
export async function selectChainHead(
  db: Db,
): Promise<{ lastSeq: number; lastHash: string | null }> {
  const result = (await db.execute(
    sql`select last_seq::text as last_seq, encode(last_hash, 'hex') as last_hash from audit_chain_head where id = 1`,
  )) as unknown as { rows: { last_seq: string; last_hash: string | null }[] };
  const head = result.rows[0];
  return { lastSeq: Number(head?.last_seq ?? 0), lastHash: head?.last_hash ?? null };
}
