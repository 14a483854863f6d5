import { passwordProblem } from '../../../../shared/auth';
import type {
  CreatePosAgentBody,
  PosAgentListQuery,
  PosAgentPage,
  PosAgentView,
  UpdatePosAgentBody,
} from '../../../../shared/pos/terminals';
import {
  CreatePosAgentBody as CreatePosAgentSchema,
  POS_AGENT_USER_TYPES,
  UpdatePosAgentBody as UpdatePosAgentSchema,
} from '../../../../shared/pos/terminals';
import type { Actor } from '../../../auth/actor';
import { hashPassword } from '../../../auth/passwords';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { insertOfficer } from '../../officers/accounts/queries';
import { refuseTakenUsernameOrEmail, storedPhone } from '../../officers/accounts/rules';
import { findOfficerById } from '../../officers/queries';
import { findMdaName } from '../terminals/queries';
import {
  insertAgent,
  lockAgent,
  type PosAgentListRow,
  selectAgentById,
  selectAgentPage,
  terminalIdsOfAgent,
  updateAgent,
} from './queries';

/**
 * POS field agents (docs/pos.md "Agents and terminals"; SPEC's `pos/officer/create`): an agent
 * collects on terminals and signs in as an officer of a POS user type, made with the agent in
 * the same transaction (the officers module's own insert and rules) or linked when it exists.
 */

export function toAgentView(row: PosAgentListRow): PosAgentView {
  return {
    id: row.agent.id,
    name: row.agent.name,
    phone: row.agent.phone,
    mda: { id: row.agent.mdaId, name: row.mdaName },
    lga: row.agent.lga,
    officer: row.agent.officerId
      ? { id: row.agent.officerId, username: row.officerUsername ?? '' }
      : null,
    isActive: row.agent.isActive,
    terminalCount: row.terminalCount,
    createdAt: row.agent.createdAt.toISOString(),
  };
}

/** "Tamara Ebi Koko" → first name Tamara, surname "Ebi Koko"; one word is both. */
function splitName(name: string): { firstName: string; surname: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first ?? name, surname: rest.join(' ') || (first ?? name) };
}

export function createPosAgentService({ db }: { db: Db }) {
  return {
    async listAgents(_actor: Actor, query: PosAgentListQuery): Promise<PosAgentPage> {
      const { rows, total } = await selectAgentPage(
        db,
        { mdaId: query.mdaId, keyword: query.keyword },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map(toAgentView), page: query.page, pageSize: query.pageSize, total };
    },

    async createAgent(actor: Actor, input: CreatePosAgentBody): Promise<PosAgentView> {
      const body = CreatePosAgentSchema.parse(input);
      const officerInput = body.officer;
      const problem = officerInput
        ? passwordProblem(officerInput.temporaryPassword, officerInput.username)
        : null;
      if (problem) throw fieldError('officer.temporaryPassword', problem);
      const passwordHash = officerInput ? await hashPassword(officerInput.temporaryPassword) : null;
      const id = await db.transaction(async (tx) => {
        if (!(await findMdaName(tx, body.mdaId)))
          throw fieldError('mdaId', 'Choose an MDA from the list');
        let officerId: string | null = body.officerId ?? null;
        if (officerInput && passwordHash) {
          const username = officerInput.username.trim();
          const email = officerInput.email.trim().toLowerCase();
          await refuseTakenUsernameOrEmail(tx, { username, email });
          officerId = await insertOfficer(
            tx,
            {
              username,
              email,
              ...splitName(body.name),
              phoneNumber: storedPhone(body.phone),
              userType: officerInput.userType,
              passwordHash,
              mustChangePassword: true,
            },
            [body.mdaId],
          );
          const created = await findOfficerById(tx, officerId);
          await recordAudit(tx, actor, {
            action: 'officer.created',
            entityType: 'officer',
            entityId: officerId,
            after: {
              username,
              email,
              userType: officerInput.userType,
              mdaPrivileges: [body.mdaId],
              officerId: created?.officerId ?? null,
              mustChangePassword: true,
              asPosAgent: true,
            },
          });
        } else if (officerId) {
          const officer = await findOfficerById(tx, officerId);
          if (!officer) throw fieldError('officerId', 'No such officer');
          if (!(POS_AGENT_USER_TYPES as readonly string[]).includes(officer.userType)) {
            throw fieldError(
              'officerId',
              'The officer must be a POS officer (Benjis POS Officer or Benjis Report Viewer)',
            );
          }
        }
        try {
          const agent = await insertAgent(tx, {
            name: body.name,
            phone: storedPhone(body.phone),
            mdaId: body.mdaId,
            lga: body.lga || null,
            officerId,
            createdBy: actor.officerId,
          });
          await recordAudit(tx, actor, {
            action: 'pos_agent.created',
            entityType: 'pos_agent',
            entityId: agent.id,
            after: {
              name: agent.name,
              phone: agent.phone,
              mdaId: agent.mdaId,
              lga: agent.lga,
              officerId: agent.officerId,
            },
          });
          return agent.id;
        } catch (err) {
          if (isUniqueViolation(err, 'pos_agents_officer_key')) {
            throw new AppError('CONFLICT', 'This officer is already another agent’s account.', {
              details: { field: 'officerId' },
            });
          }
          throw err;
        }
      });
      const row = await selectAgentById(db, id);
      if (!row) throw new Error('agent vanished after its creation');
      return toAgentView(row);
    },

    /**
     * Edits an agent or (de)activates them, audited in the same transaction. Deactivating
     * touches nothing else (their officer account stays as it is: the officers page decides
     * it); an agent with active terminals is refused, naming them, as is moving an agent with
     * terminals to another MDA, since a terminal's agent is of the terminal's MDA.
     */
    async updateAgent(actor: Actor, id: string, input: UpdatePosAgentBody): Promise<PosAgentView> {
      const body = UpdatePosAgentSchema.parse(input);
      await db.transaction(async (tx) => {
        const agent = await lockAgent(tx, id);
        if (!agent) throw new AppError('NOT_FOUND', 'No such agent.');
        const set: Partial<typeof agent> = {};
        if (body.name !== undefined && body.name !== agent.name) set.name = body.name;
        if (body.phone !== undefined && storedPhone(body.phone) !== agent.phone) {
          set.phone = storedPhone(body.phone);
        }
        const lga = body.lga === undefined ? undefined : body.lga || null;
        if (lga !== undefined && lga !== agent.lga) set.lga = lga;
        if (body.mdaId !== undefined && body.mdaId !== agent.mdaId) {
          if (!(await findMdaName(tx, body.mdaId)))
            throw fieldError('mdaId', 'Choose an MDA from the list');
          const assigned = await terminalIdsOfAgent(tx, id, { activeOnly: false });
          if (assigned.length > 0) {
            throw new AppError(
              'CONFLICT',
              `The agent still has ${terminalsInWords(assigned)}; reassign them before moving the agent to another MDA.`,
              { details: { field: 'mdaId', terminalIds: assigned } },
            );
          }
          set.mdaId = body.mdaId;
        }
        if (body.isActive !== undefined && body.isActive !== agent.isActive) {
          if (!body.isActive) {
            const active = await terminalIdsOfAgent(tx, id, { activeOnly: true });
            if (active.length > 0) {
              throw new AppError(
                'CONFLICT',
                `The agent still collects on active ${terminalsInWords(active)}; reassign or deactivate them first.`,
                { details: { field: 'isActive', terminalIds: active } },
              );
            }
          }
          set.isActive = body.isActive;
        }
        if (Object.keys(set).length === 0) return;
        await updateAgent(tx, id, set);
        const before = Object.fromEntries(
          Object.keys(set).map((k) => [k, agent[k as keyof typeof agent]]),
        );
        await recordAudit(tx, actor, {
          action:
            set.isActive === false
              ? 'pos_agent.deactivated'
              : set.isActive === true
                ? 'pos_agent.activated'
                : 'pos_agent.updated',
          entityType: 'pos_agent',
          entityId: id,
          before,
          after: body.reason ? { ...set, reason: body.reason } : set,
        });
      });
      const row = await selectAgentById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such agent.');
      return toAgentView(row);
    },
  };
}

/** "terminal 2B000001" or "terminals 2B000001, 2B000002 and 3 more". */
function terminalsInWords(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).join(', ');
  const more = ids.length > 5 ? ` and ${ids.length - 5} more` : '';
  return `${ids.length === 1 ? 'terminal' : 'terminals'} ${shown}${more}`;
}
