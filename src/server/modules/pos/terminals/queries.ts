import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  mdaRevenueHeads,
  mdas,
  officers,
  posAgents,
  posTerminalAssignments,
  posTerminals,
} from '../../../db/schema';

export type PosTerminalRow = typeof posTerminals.$inferSelect;

export type PosTerminalFilter = {
  mdaId?: string | undefined;
  agentId?: string | undefined;
  isActive?: boolean | undefined;
  keyword?: string | undefined;
};

function whereOf(filter: PosTerminalFilter): SQL | undefined {
  const keyword = filter.keyword ? `%${filter.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
  return and(
    filter.mdaId ? eq(posTerminals.mdaId, filter.mdaId) : undefined,
    filter.agentId ? eq(posTerminals.agentId, filter.agentId) : undefined,
    filter.isActive === undefined ? undefined : eq(posTerminals.isActive, filter.isActive),
    keyword
      ? or(
          ilike(posTerminals.terminalId, keyword),
          ilike(posTerminals.serialNumber, keyword),
          ilike(posAgents.name, keyword),
        )
      : undefined,
  );
}

const listColumns = { terminal: posTerminals, mdaName: mdas.name, agentName: posAgents.name };
export type PosTerminalListRow = {
  terminal: PosTerminalRow;
  mdaName: string;
  agentName: string | null;
};

export async function selectTerminalPage(
  db: Db,
  filter: PosTerminalFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PosTerminalListRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select(listColumns)
    .from(posTerminals)
    .innerJoin(mdas, eq(mdas.id, posTerminals.mdaId))
    .leftJoin(posAgents, eq(posAgents.id, posTerminals.agentId))
    .where(where)
    .orderBy(asc(posTerminals.terminalId), asc(posTerminals.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(posTerminals)
    .leftJoin(posAgents, eq(posAgents.id, posTerminals.agentId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function selectTerminalById(db: Db, id: string): Promise<PosTerminalListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(posTerminals)
    .innerJoin(mdas, eq(mdas.id, posTerminals.mdaId))
    .leftJoin(posAgents, eq(posAgents.id, posTerminals.agentId))
    .where(eq(posTerminals.id, id));
  return row ?? null;
}

export async function lockTerminal(tx: Db, id: string): Promise<PosTerminalRow | null> {
  const [row] = await tx.select().from(posTerminals).where(eq(posTerminals.id, id)).for('update');
  return row ?? null;
}

/** A registered terminal by the provider's id (a held transaction assigned to it). */
export async function findTerminalByProviderId(
  db: Db,
  terminalId: string,
): Promise<PosTerminalRow | null> {
  const [row] = await db
    .select()
    .from(posTerminals)
    .where(and(eq(posTerminals.provider, 'benjis'), eq(posTerminals.terminalId, terminalId)));
  return row ?? null;
}

export async function insertTerminal(
  tx: Db,
  row: typeof posTerminals.$inferInsert,
): Promise<PosTerminalRow> {
  const [inserted] = await tx.insert(posTerminals).values(row).returning();
  if (!inserted) throw new Error('insert into pos_terminals returned nothing');
  return inserted;
}

export async function updateTerminal(
  tx: Db,
  id: string,
  change: Partial<typeof posTerminals.$inferInsert>,
): Promise<PosTerminalRow> {
  const [updated] = await tx
    .update(posTerminals)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(posTerminals.id, id))
    .returning();
  if (!updated) throw new Error(`terminal ${id} vanished`);
  return updated;
}

/** The terminal as it stands now, kept with who made the change and why. */
export async function insertAssignment(
  tx: Db,
  terminal: PosTerminalRow,
  by: { officerId: string | null; reason: string | null },
): Promise<void> {
  await tx.insert(posTerminalAssignments).values({
    terminalId: terminal.id,
    agentId: terminal.agentId,
    mdaId: terminal.mdaId,
    revenueHeadCode: terminal.revenueHeadCode,
    isActive: terminal.isActive,
    reason: by.reason,
    changedBy: by.officerId,
  });
}

export async function selectAssignments(db: Db, terminalId: string) {
  return db
    .select({
      assignment: posTerminalAssignments,
      mdaName: mdas.name,
      agentName: posAgents.name,
      changedBy: officers.username,
    })
    .from(posTerminalAssignments)
    .innerJoin(mdas, eq(mdas.id, posTerminalAssignments.mdaId))
    .leftJoin(posAgents, eq(posAgents.id, posTerminalAssignments.agentId))
    .leftJoin(officers, eq(officers.id, posTerminalAssignments.changedBy))
    .where(eq(posTerminalAssignments.terminalId, terminalId))
    .orderBy(desc(posTerminalAssignments.changedAt), desc(posTerminalAssignments.id));
}

export async function findMdaName(db: Db, mdaId: string): Promise<string | null> {
  const [row] = await db.select({ name: mdas.name }).from(mdas).where(eq(mdas.id, mdaId));
  return row?.name ?? null;
}

export async function hasRevenueHead(db: Db, mdaId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mdaRevenueHeads.id })
    .from(mdaRevenueHeads)
    .where(and(eq(mdaRevenueHeads.mdaId, mdaId), eq(mdaRevenueHeads.code, code)));
  return Boolean(row);
}

/**
 * The agent's MDA and whether they are active, the row share-locked: a deactivation (which
 * locks it for update and counts the agent's active terminals) waits for this assignment.
 */
export async function findAgentMda(
  db: Db,
  agentId: string,
): Promise<{ mdaId: string; isActive: boolean } | null> {
  const [row] = await db
    .select({ mdaId: posAgents.mdaId, isActive: posAgents.isActive })
    .from(posAgents)
    .where(eq(posAgents.id, agentId))
    .for('share');
  return row ?? null;
}
