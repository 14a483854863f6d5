import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  CreatePosAgentBody,
  CreatePosTerminalBody,
  PosAgentIdParams,
  PosAgentListQuery,
  PosAgentPage,
  PosAgentView,
  PosTerminalAssignmentList,
  PosTerminalIdParams,
  PosTerminalListQuery,
  PosTerminalPage,
  PosTerminalView,
  ReassignPosTerminalBody,
  SetPosTerminalActiveBody,
  UpdatePosAgentBody,
} from '../../../../shared/pos/terminals';
import { createPosAgentService } from '../agents/service';
import type { PosDeps } from '../deps';
import { createPosTerminalService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['pos'];

/**
 * POS agents and terminals (docs/pos.md "Agents and terminals"; SPEC's `pos/officer/create`):
 * ADMIN registers them, reassigns and deactivates terminals (`pos:manage`); every change kept
 * with who, when and why.
 */
export const posTerminalRoutes: FastifyPluginAsyncZod<PosDeps> = async (app, deps) => {
  const agents = createPosAgentService(deps);
  const terminals = createPosTerminalService(deps);

  app.get(
    '/pos/agents',
    {
      schema: {
        tags,
        operationId: 'listPosAgents',
        summary: 'List POS agents',
        description: 'The field agents, by name; `keyword` matches the name or phone.',
        querystring: PosAgentListQuery,
        response: { 200: PosAgentPage, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => agents.listAgents(req.actor, req.query),
  );

  app.post(
    '/pos/agents',
    {
      schema: {
        tags,
        operationId: 'createPosAgent',
        summary: 'Register a POS agent',
        description:
          'SPEC’s `pos/officer/create`. An agent (name, phone, MDA, LGA) with the officer account they sign in with: `officer` creates one (a POS user type; the temporary password must be changed at first sign-in), or `officerId` links an existing POS officer. Audited. 409 when the username, e-mail or officer is taken.',
        body: CreatePosAgentBody,
        response: { 201: PosAgentView, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    async (req, reply) => reply.code(201).send(await agents.createAgent(req.actor, req.body)),
  );

  app.patch(
    '/pos/agents/:id',
    {
      schema: {
        tags,
        operationId: 'updatePosAgent',
        summary: 'Edit or deactivate a POS agent',
        description:
          'Any of name, phone, MDA and LGA, or `isActive` (deactivating needs a `reason`). Deactivates nothing else: 409 naming the terminals while the agent has active ones, or any terminal when moving the agent to another MDA. Audited.',
        params: PosAgentIdParams,
        body: UpdatePosAgentBody,
        response: { 200: PosAgentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => agents.updateAgent(req.actor, req.params.id, req.body),
  );

  app.get(
    '/pos/terminals',
    {
      schema: {
        tags,
        operationId: 'listPosTerminals',
        summary: 'List POS terminals',
        description:
          'The terminals with their agent, MDA, default revenue head and state; `keyword` matches the terminal id, serial number or agent.',
        querystring: PosTerminalListQuery,
        response: { 200: PosTerminalPage, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => terminals.listTerminals(req.actor, req.query),
  );

  app.post(
    '/pos/terminals',
    {
      schema: {
        tags,
        operationId: 'createPosTerminal',
        summary: 'Register a POS terminal',
        description:
          'A terminal as the provider names it (terminal id, serial number), its agent (of the same MDA), MDA and default revenue head (one of the MDA’s). Active at once. Audited; 409 when the terminal id or serial number is registered already.',
        body: CreatePosTerminalBody,
        response: { 201: PosTerminalView, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    async (req, reply) => reply.code(201).send(await terminals.createTerminal(req.actor, req.body)),
  );

  app.post(
    '/pos/terminals/:id/reassign',
    {
      schema: {
        tags,
        operationId: 'reassignPosTerminal',
        summary: 'Reassign a POS terminal',
        description:
          'Moves the terminal to another agent, MDA or default revenue head, with a reason. Transactions already recorded stay where they were counted. Kept in the terminal’s history and audited.',
        params: PosTerminalIdParams,
        body: ReassignPosTerminalBody,
        response: { 200: PosTerminalView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => terminals.reassignTerminal(req.actor, req.params.id, req.body),
  );

  app.post(
    '/pos/terminals/:id/active',
    {
      schema: {
        tags,
        operationId: 'setPosTerminalActive',
        summary: 'Activate or deactivate a POS terminal',
        description:
          'With a reason. A deactivated terminal’s transactions are held for review, not recorded as revenue. 409 activating a terminal whose agent is deactivated. Kept in the terminal’s history and audited.',
        params: PosTerminalIdParams,
        body: SetPosTerminalActiveBody,
        response: { 200: PosTerminalView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => terminals.setTerminalActive(req.actor, req.params.id, req.body),
  );

  app.get(
    '/pos/terminals/:id/assignments',
    {
      schema: {
        tags,
        operationId: 'listPosTerminalAssignments',
        summary: 'A POS terminal’s history',
        description:
          'Every assignment of the terminal, newest first, with who made it, when and why.',
        params: PosTerminalIdParams,
        response: { 200: PosTerminalAssignmentList, 404: ErrorBody, ...errors },
      },
      config: { permission: 'pos:manage' },
    },
    (req) => terminals.listAssignments(req.actor, req.params.id),
  );
};
