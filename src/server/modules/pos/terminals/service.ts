import type {
  CreatePosTerminalBody,
  PosTerminalAssignmentList,
  PosTerminalListQuery,
  PosTerminalPage,
  PosTerminalView,
  ReassignPosTerminalBody,
  SetPosTerminalActiveBody,
} from '../../../../shared/pos/terminals';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  findAgentMda,
  findMdaName,
  hasRevenueHead,
  insertAssignment,
  insertTerminal,
  lockTerminal,
  type PosTerminalListRow,
  type PosTerminalRow,
  selectAssignments,
  selectTerminalById,
  selectTerminalPage,
  updateTerminal,
} from './queries';

/**
 * POS terminals (docs/pos.md "Agents and terminals"): where each collects now — its agent, MDA
 * and default revenue head — and whether it is active. Every change is a row of
 * pos_terminal_assignments (who, when, why) and an audit row, in one transaction with the
 * terminal locked. Past transactions keep the agent and MDA they were recorded under.
 */

export function toTerminalView(row: PosTerminalListRow): PosTerminalView {
  return {
    id: row.terminal.id,
    provider: row.terminal.provider,
    terminalId: row.terminal.terminalId,
    serialNumber: row.terminal.serialNumber,
    agent: row.terminal.agentId ? { id: row.terminal.agentId, name: row.agentName ?? '' } : null,
    mda: { id: row.terminal.mdaId, name: row.mdaName },
    revenueHeadCode: row.terminal.revenueHeadCode,
    isActive: row.terminal.isActive,
    updatedAt: row.terminal.updatedAt.toISOString(),
  };
}

function audited(row: PosTerminalRow) {
  return {
    terminalId: row.terminalId,
    serialNumber: row.serialNumber,
    agentId: row.agentId,
    mdaId: row.mdaId,
    revenueHeadCode: row.revenueHeadCode,
    isActive: row.isActive,
  };
}

/** The MDA exists, the agent (if any) is active and collects for it, and the revenue head is the MDA's. */
async function refuseBadPlacement(
  tx: Db,
  place: { mdaId: string; agentId: string | null; revenueHeadCode: string | null },
): Promise<void> {
  if (!(await findMdaName(tx, place.mdaId)))
    throw fieldError('mdaId', 'Choose an MDA from the list');
  if (place.agentId) {
    const agent = await findAgentMda(tx, place.agentId);
    if (!agent) throw fieldError('agentId', 'Choose an agent from the list');
    if (agent.mdaId !== place.mdaId) {
      throw fieldError('agentId', 'The agent collects for another MDA; choose one of this MDA');
    }
    if (!agent.isActive) {
      throw fieldError('agentId', 'The agent is deactivated; choose an active agent');
    }
  }
  if (place.revenueHeadCode && !(await hasRevenueHead(tx, place.mdaId, place.revenueHeadCode))) {
    throw fieldError('revenueHeadCode', 'The MDA has no revenue head with this code');
  }
}

export function createPosTerminalService({ db }: { db: Db }) {
  async function view(id: string): Promise<PosTerminalView> {
    const row = await selectTerminalById(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such terminal.');
    return toTerminalView(row);
  }

  /** One change of a terminal, locked, with its assignment row and audit row. */
  async function change(
    actor: Actor,
    id: string,
    work: (
      tx: Db,
      terminal: PosTerminalRow,
    ) => Promise<{
      set: Partial<PosTerminalRow>;
      action: string;
      reason: string;
    } | null>,
  ): Promise<PosTerminalView> {
    await db.transaction(async (tx) => {
      const terminal = await lockTerminal(tx, id);
      if (!terminal) throw new AppError('NOT_FOUND', 'No such terminal.');
      const outcome = await work(tx, terminal);
      if (!outcome) return;
      const updated = await updateTerminal(tx, id, outcome.set);
      await insertAssignment(tx, updated, { officerId: actor.officerId, reason: outcome.reason });
      await recordAudit(tx, actor, {
        action: outcome.action,
        entityType: 'pos_terminal',
        entityId: id,
        before: audited(terminal),
        after: { ...audited(updated), reason: outcome.reason },
      });
    });
    return view(id);
  }

  return {
    async listTerminals(_actor: Actor, query: PosTerminalListQuery): Promise<PosTerminalPage> {
      const { rows, total } = await selectTerminalPage(
        db,
        {
          mdaId: query.mdaId,
          agentId: query.agentId,
          isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
          keyword: query.keyword,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map(toTerminalView), page: query.page, pageSize: query.pageSize, total };
    },

    async createTerminal(actor: Actor, input: CreatePosTerminalBody): Promise<PosTerminalView> {
      const place = {
        mdaId: input.mdaId,
        agentId: input.agentId ?? null,
        revenueHeadCode: input.revenueHeadCode ?? null,
      };
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          await refuseBadPlacement(tx, place);
          const terminal = await insertTerminal(tx, {
            provider: 'benjis',
            terminalId: input.terminalId.trim().toUpperCase(),
            serialNumber: input.serialNumber.trim(),
            ...place,
            isActive: true,
          });
          await insertAssignment(tx, terminal, {
            officerId: actor.officerId,
            reason: 'Registered',
          });
          await recordAudit(tx, actor, {
            action: 'pos_terminal.created',
            entityType: 'pos_terminal',
            entityId: terminal.id,
            after: audited(terminal),
          });
          return terminal.id;
        });
      } catch (err) {
        if (isUniqueViolation(err, 'pos_terminals_provider_terminal_key')) {
          throw new AppError(
            'CONFLICT',
            'A terminal with this terminal id is registered already.',
            {
              details: { field: 'terminalId' },
            },
          );
        }
        if (isUniqueViolation(err, 'pos_terminals_serial_key')) {
          throw new AppError(
            'CONFLICT',
            'A terminal with this serial number is registered already.',
            {
              details: { field: 'serialNumber' },
            },
          );
        }
        throw err;
      }
      return view(id);
    },

    reassignTerminal(actor: Actor, id: string, input: ReassignPosTerminalBody) {
      return change(actor, id, async (tx, terminal) => {
        const place = {
          mdaId: input.mdaId,
          agentId: input.agentId,
          revenueHeadCode: input.revenueHeadCode,
        };
        if (
          terminal.mdaId === place.mdaId &&
          terminal.agentId === place.agentId &&
          terminal.revenueHeadCode === place.revenueHeadCode
        ) {
          return null;
        }
        await refuseBadPlacement(tx, place);
        return { set: place, action: 'pos_terminal.reassigned', reason: input.reason };
      });
    },

    setTerminalActive(actor: Actor, id: string, input: SetPosTerminalActiveBody) {
      return change(actor, id, async (tx, terminal) => {
        if (terminal.isActive === input.isActive) return null;
        // A deactivated agent collects on no active terminal (docs/pos.md "Agents and terminals").
        const agent =
          input.isActive && terminal.agentId ? await findAgentMda(tx, terminal.agentId) : null;
        if (agent && !agent.isActive) {
          throw new AppError(
            'CONFLICT',
            'The terminal’s agent is deactivated: reassign the terminal or activate the agent first.',
            { details: { field: 'isActive' } },
          );
        }
        return {
          set: { isActive: input.isActive },
          action: input.isActive ? 'pos_terminal.activated' : 'pos_terminal.deactivated',
          reason: input.reason,
        };
      });
    },

    async listAssignments(_actor: Actor, id: string): Promise<PosTerminalAssignmentList> {
      await view(id);
      const rows = await selectAssignments(db, id);
      return {
        items: rows.map((r) => ({
          agent: r.assignment.agentId
            ? { id: r.assignment.agentId, name: r.agentName ?? '' }
            : null,
          mda: { id: r.assignment.mdaId, name: r.mdaName },
          revenueHeadCode: r.assignment.revenueHeadCode,
          isActive: r.assignment.isActive,
          reason: r.assignment.reason,
          changedBy: r.changedBy,
          changedAt: r.assignment.changedAt.toISOString(),
        })),
      };
    },
  };
}
