import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mdas, officers, posAgents, posTerminals } from '../../../db/schema';

export type PosAgentRow = typeof posAgents.$inferSelect;

export type PosAgentFilter = { mdaId?: string | undefined; keyword?: string | undefined };

function whereOf(filter: PosAgentFilter): SQL | undefined {
  const keyword = filter.keyword ? `%${filter.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
  return and(
    filter.mdaId ? eq(posAgents.mdaId, filter.mdaId) : undefined,
    keyword ? or(ilike(posAgents.name, keyword), ilike(posAgents.phone, keyword)) : undefined,
  );
}

const listColumns = {
  agent: posAgents,
  mdaName: mdas.name,
  officerUsername: officers.username,
  terminalCount: sql<number>`(select count(*)::int from ${posTerminals} t where t.agent_id = ${posAgents.id})`,
};

export type PosAgentListRow = {
  agent: PosAgentRow;
  mdaName: string;
  officerUsername: string | null;
  terminalCount: number;
};

export async function selectAgentPage(
  db: Db,
  filter: PosAgentFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PosAgentListRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select(listColumns)
    .from(posAgents)
    .innerJoin(mdas, eq(mdas.id, posAgents.mdaId))
    .leftJoin(officers, eq(officers.id, posAgents.officerId))
    .where(where)
    .orderBy(asc(posAgents.name), asc(posAgents.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(posAgents).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function selectAgentById(db: Db, id: string): Promise<PosAgentListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(posAgents)
    .innerJoin(mdas, eq(mdas.id, posAgents.mdaId))
    .leftJoin(officers, eq(officers.id, posAgents.officerId))
    .where(eq(posAgents.id, id));
  return row ?? null;
}

export async function insertAgent(
  tx: Db,
  row: typeof posAgents.$inferInsert,
): Promise<PosAgentRow> {
  const [inserted] = await tx.insert(posAgents).values(row).returning();
  if (!inserted) throw new Error('insert into pos_agents returned nothing');
  return inserted;
}

export async function findAgentByOfficer(db: Db, officerId: string): Promise<PosAgentRow | null> {
  const [row] = await db.select().from(posAgents).where(eq(posAgents.officerId, officerId));
  return row ?? null;
}

/** The terminal an agent's officer collects on: their active one, the latest assigned when several. */
export async function findTerminalIdOfOfficer(db: Db, officerId: string): Promise<string | null> {
  const [row] = await db
    .select({ terminalId: posTerminals.terminalId })
    .from(posTerminals)
    .innerJoin(posAgents, eq(posAgents.id, posTerminals.agentId))
    .where(and(eq(posAgents.officerId, officerId), eq(posTerminals.isActive, true)))
    .orderBy(desc(posTerminals.updatedAt), asc(posTerminals.terminalId))
    .limit(1);
  return row?.terminalId ?? null;
}

export async function lockAgent(tx: Db, id: string): Promise<PosAgentRow | null> {
  const [row] = await tx.select().from(posAgents).where(eq(posAgents.id, id)).for('update');
  return row ?? null;
}

export async function updateAgent(
  tx: Db,
  id: string,
  set: Partial<typeof posAgents.$inferInsert>,
): Promise<void> {
  await tx
    .update(posAgents)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(posAgents.id, id));
}

/** The terminal ids assigned to an agent (the active ones only when asked), in order. */
export async function terminalIdsOfAgent(
  tx: Db,
  agentId: string,
  options: { activeOnly: boolean },
): Promise<string[]> {
  const rows = await tx
    .select({ terminalId: posTerminals.terminalId })
    .from(posTerminals)
    .where(
      and(
        eq(posTerminals.agentId, agentId),
        options.activeOnly ? eq(posTerminals.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(posTerminals.terminalId));
  return rows.map((r) => r.terminalId);
}
