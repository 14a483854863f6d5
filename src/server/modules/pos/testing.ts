import { randomInt, randomUUID } from 'node:crypto';
import { posAgents, posTerminalAssignments, posTerminals } from '../../db/schema';
import type { TestContext } from '../../testing/context';
import { createMda } from '../../testing/factories';

/** Helpers of the POS tests (not a test file itself). */

/** A terminal id no other test uses: the provider's eight characters. */
export function randomTerminalId(): string {
  return `2B${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** A six-digit STAN. */
export function randomStan(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A twelve-digit RRN. */
export function randomRrn(): string {
  return String(randomInt(1, 1e12)).padStart(12, '0');
}

/** An agent of a new MDA (or the one given), inserted directly. */
export async function createPosAgent(
  ctx: Pick<TestContext, 'db'>,
  input: { mdaId?: string; name?: string; officerId?: string | null } = {},
) {
  const mdaId = input.mdaId ?? (await createMda(ctx)).id;
  const [row] = await ctx.db
    .insert(posAgents)
    .values({
      name: input.name ?? `Agent ${randomUUID().slice(0, 6)}`,
      phone: '+2348030001111',
      mdaId,
      lga: 'Yenagoa',
      officerId: input.officerId ?? null,
    })
    .returning();
  if (!row) throw new Error('insert into pos_agents returned nothing');
  return row;
}

/** A terminal with its first assignment row, inserted directly; a new agent and MDA unless given. */
export async function createPosTerminal(
  ctx: Pick<TestContext, 'db'>,
  input: {
    terminalId?: string;
    mdaId?: string;
    agentId?: string | null;
    revenueHeadCode?: string | null;
    isActive?: boolean;
  } = {},
) {
  const mdaId = input.mdaId ?? (await createMda(ctx)).id;
  const agentId =
    input.agentId === undefined ? (await createPosAgent(ctx, { mdaId })).id : input.agentId;
  const terminalId = input.terminalId ?? randomTerminalId();
  const [row] = await ctx.db
    .insert(posTerminals)
    .values({
      provider: 'benjis',
      terminalId,
      serialNumber: `SN-${terminalId}`,
      agentId,
      mdaId,
      revenueHeadCode: input.revenueHeadCode ?? null,
      isActive: input.isActive ?? true,
    })
    .returning();
  if (!row) throw new Error('insert into pos_terminals returned nothing');
  await ctx.db.insert(posTerminalAssignments).values({
    terminalId: row.id,
    agentId,
    mdaId,
    revenueHeadCode: row.revenueHeadCode,
    isActive: row.isActive,
    reason: 'Registered',
  });
  return row;
}
