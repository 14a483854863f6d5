import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { POS_TRANSACTION_STATES, POS_TRANSACTION_STATUSES } from './enums';

/** The API's shapes for POS transactions held for review (docs/pos.md "Held transactions"). */

const reason = z
  .string()
  .trim()
  .min(3, 'Say why, in a few words')
  .max(500, 'The reason is at most 500 characters');

export const HeldPosTransactionView = z
  .object({
    id: z.uuid(),
    terminalId: z.string(),
    /** True when the terminal is registered (it is then deactivated). */
    isTerminalRegistered: z.boolean(),
    stan: z.string(),
    rrn: z.string(),
    amountKobo: z.number().int(),
    transactedAt: z.string(),
    status: z.enum(POS_TRANSACTION_STATUSES),
    revenueHeadCode: z.string().nullable(),
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    reviewNote: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'HeldPosTransactionView' });
export type HeldPosTransactionView = z.infer<typeof HeldPosTransactionView>;

export const HeldPosTransactionPage = pageOf(HeldPosTransactionView)
  .extend({ totals: z.object({ amountKobo: z.number().int(), count: z.number().int() }) })
  .meta({ id: 'HeldPosTransactionPage' });
export type HeldPosTransactionPage = z.infer<typeof HeldPosTransactionPage>;

export const HeldPosListQuery = PageQuery.extend({
  terminalId: z.string().trim().max(16).optional(),
});
export type HeldPosListQuery = z.output<typeof HeldPosListQuery>;

export const PosTransactionIdParams = z.object({ id: z.uuid({ error: 'No such transaction' }) });

/** Count it under a registered terminal (its MDA, agent and default head), or name MDA and head. */
export const AssignHeldPosBody = z
  .object({
    terminalId: z.string().trim().min(1).max(16).optional(),
    mdaId: z.uuid({ error: 'Choose the MDA' }).optional(),
    revenueHeadCode: z.string().trim().min(1).max(20).optional(),
    reason,
  })
  .refine((b) => Boolean(b.terminalId) !== Boolean(b.mdaId), {
    error: 'Choose a registered terminal, or an MDA and revenue head',
    path: ['terminalId'],
  })
  .refine((b) => !b.mdaId || Boolean(b.revenueHeadCode), {
    error: 'Choose the revenue head',
    path: ['revenueHeadCode'],
  })
  .meta({ id: 'AssignHeldPosBody' });
export type AssignHeldPosBody = z.infer<typeof AssignHeldPosBody>;

export const RejectHeldPosBody = z.object({ reason }).meta({ id: 'RejectHeldPosBody' });
export type RejectHeldPosBody = z.infer<typeof RejectHeldPosBody>;

export const HeldPosDecision = z
  .object({
    id: z.uuid(),
    state: z.enum(POS_TRANSACTION_STATES),
    paymentId: z.uuid().nullable(),
    receiptNumber: z.string().nullable(),
  })
  .meta({ id: 'HeldPosDecision' });
export type HeldPosDecision = z.infer<typeof HeldPosDecision>;
