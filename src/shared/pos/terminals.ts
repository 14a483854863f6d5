import { z } from 'zod';
import { USERNAME_PATTERN } from '../officers';
import { PageQuery, pageOf } from '../pagination';
import { PhoneInput } from '../taxpayers/input';
import { POS_PROVIDERS } from './enums';

/** The API's shapes for POS agents and terminals (docs/pos.md "Agents and terminals", docs/api.md). */

/** The user types a POS agent's officer account may have: the report viewer by default. */
export const POS_AGENT_USER_TYPES = ['OFFICER_BENJIS_READ', 'OFFICER_BENJIS'] as const;

const reason = z
  .string()
  .trim()
  .min(3, 'Say why, in a few words')
  .max(500, 'The reason is at most 500 characters');

const revenueHeadCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z./-]{1,20}$/, 'A revenue head code, e.g. 12020401');

export const PosAgentView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    phone: z.string(),
    mda: z.object({ id: z.uuid(), name: z.string() }),
    lga: z.string().nullable(),
    officer: z.object({ id: z.uuid(), username: z.string() }).nullable(),
    isActive: z.boolean(),
    terminalCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'PosAgentView' });
export type PosAgentView = z.infer<typeof PosAgentView>;
export const PosAgentPage = pageOf(PosAgentView).meta({ id: 'PosAgentPage' });
export type PosAgentPage = z.infer<typeof PosAgentPage>;

export const PosAgentListQuery = PageQuery.extend({
  mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type PosAgentListQuery = z.output<typeof PosAgentListQuery>;

export const CreatePosAgentBody = z
  .object({
    name: z.string().trim().min(2, 'Enter the agent’s name').max(200),
    phone: PhoneInput,
    mdaId: z.uuid({ error: 'Choose the MDA' }),
    lga: z.string().trim().max(100).optional(),
    /** An officer account made with the agent, where they sign in… */
    officer: z
      .object({
        username: z
          .string()
          .trim()
          .regex(USERNAME_PATTERN, '3 to 50 letters, digits, dots, hyphens or underscores'),
        email: z.email({ error: 'Enter an e-mail address' }).max(254),
        temporaryPassword: z.string().min(1, 'Enter a temporary password').max(200),
        userType: z.enum(POS_AGENT_USER_TYPES).default('OFFICER_BENJIS_READ'),
      })
      .optional(),
    /** …or an existing officer of a POS user type. */
    officerId: z.uuid({ error: 'Choose an officer' }).optional(),
  })
  .refine((b) => !(b.officer && b.officerId), {
    error: 'Either create an officer account or link an existing officer, not both',
    path: ['officerId'],
  })
  .meta({ id: 'CreatePosAgentBody' });
export type CreatePosAgentBody = z.input<typeof CreatePosAgentBody>;

/**
 * A change to an agent: any of name, phone, MDA, LGA and whether they are active; deactivating
 * says why. An agent with terminals keeps its MDA and stays active until they are moved or
 * deactivated (409 naming them): a terminal's agent is of the terminal's MDA.
 */
export const UpdatePosAgentBody = z
  .object({
    name: z.string().trim().min(2, 'Enter the agent’s name').max(200).optional(),
    phone: PhoneInput.optional(),
    mdaId: z.uuid({ error: 'Choose the MDA' }).optional(),
    lga: z.string().trim().max(100).nullable().optional(),
    isActive: z.boolean().optional(),
    reason: reason.optional(),
  })
  .refine((b) => b.isActive !== false || b.reason !== undefined, {
    error: 'Say why the agent is deactivated',
    path: ['reason'],
  })
  .meta({ id: 'UpdatePosAgentBody' });
export type UpdatePosAgentBody = z.input<typeof UpdatePosAgentBody>;

export const PosAgentIdParams = z.object({ id: z.uuid({ error: 'No such agent' }) });

export const PosTerminalView = z
  .object({
    id: z.uuid(),
    provider: z.enum(POS_PROVIDERS),
    terminalId: z.string(),
    serialNumber: z.string(),
    agent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    mda: z.object({ id: z.uuid(), name: z.string() }),
    revenueHeadCode: z.string().nullable(),
    isActive: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PosTerminalView' });
export type PosTerminalView = z.infer<typeof PosTerminalView>;
export const PosTerminalPage = pageOf(PosTerminalView).meta({ id: 'PosTerminalPage' });
export type PosTerminalPage = z.infer<typeof PosTerminalPage>;

export const PosTerminalListQuery = PageQuery.extend({
  mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
  agentId: z.uuid({ error: 'Not an agent id' }).optional(),
  isActive: z.enum(['true', 'false']).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type PosTerminalListQuery = z.output<typeof PosTerminalListQuery>;

export const PosTerminalIdParams = z.object({ id: z.uuid({ error: 'No such terminal' }) });

export const CreatePosTerminalBody = z
  .object({
    terminalId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,16}$/, 'The terminal id is 4 to 16 letters or digits'),
    serialNumber: z.string().trim().min(3, 'Enter the serial number').max(50),
    agentId: z.uuid({ error: 'Choose an agent' }).nullish(),
    mdaId: z.uuid({ error: 'Choose the MDA' }),
    revenueHeadCode: revenueHeadCode.nullish(),
  })
  .meta({ id: 'CreatePosTerminalBody' });
export type CreatePosTerminalBody = z.input<typeof CreatePosTerminalBody>;

export const ReassignPosTerminalBody = z
  .object({
    agentId: z.uuid({ error: 'Choose an agent' }).nullable(),
    mdaId: z.uuid({ error: 'Choose the MDA' }),
    revenueHeadCode: revenueHeadCode.nullable(),
    reason,
  })
  .meta({ id: 'ReassignPosTerminalBody' });
export type ReassignPosTerminalBody = z.infer<typeof ReassignPosTerminalBody>;

export const SetPosTerminalActiveBody = z
  .object({ isActive: z.boolean(), reason })
  .meta({ id: 'SetPosTerminalActiveBody' });
export type SetPosTerminalActiveBody = z.infer<typeof SetPosTerminalActiveBody>;

export const PosTerminalAssignmentView = z
  .object({
    agent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    mda: z.object({ id: z.uuid(), name: z.string() }),
    revenueHeadCode: z.string().nullable(),
    isActive: z.boolean(),
    reason: z.string().nullable(),
    changedBy: z.string().nullable(),
    changedAt: z.string(),
  })
  .meta({ id: 'PosTerminalAssignmentView' });
export const PosTerminalAssignmentList = z
  .object({ items: z.array(PosTerminalAssignmentView) })
  .meta({ id: 'PosTerminalAssignmentList' });
export type PosTerminalAssignmentList = z.infer<typeof PosTerminalAssignmentList>;
