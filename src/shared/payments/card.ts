import { z } from 'zod';
import { Rrr } from './rrr';
import { PaymentView } from './views';

/**
 * Card payments at the counter (docs/product.md §7 card/payment, docs/card.md): one attempt is
 * one card at the gateway's terminal against one bill. RevDesk never sees the card.
 */

/**
 * `pending`: sent to the gateway, its answer awaited. `approved`: the card was charged and the
 * bill is paid. `declined`: the gateway refused the card (`declineReason`). `unknown`: the answer
 * never arrived; only a status query says whether the card was charged. `failed`: the gateway
 * took nothing on (down, or it never received the attempt); nothing was charged.
 */
export const CARD_ATTEMPT_STATUSES = [
  'pending',
  'approved',
  'declined',
  'unknown',
  'failed',
] as const;
export type CardAttemptStatus = (typeof CARD_ATTEMPT_STATUSES)[number];

/** The bill to take by card: its id, or its RRR. */
export const CardPaymentInput = z
  .object({
    paymentId: z.uuid({ error: 'Give the id of the bill to pay' }).optional(),
    rrr: Rrr.optional(),
  })
  .refine((input) => (input.paymentId === undefined) !== (input.rrr === undefined), {
    error: 'Give the bill either by its id (paymentId) or by its RRR (rrr), not both',
  });
export type CardPaymentInput = z.infer<typeof CardPaymentInput>;

/** RevDesk's attempt reference, e.g. CRD-7K2M9QX4TB6H (docs/card.md). */
export const CardReferenceParams = z.object({
  reference: z
    .string()
    .max(32)
    .regex(/^CRD-[0-9A-Z]{12}$/, { error: 'A card payment reference looks like CRD-7K2M9QX4TB6H' }),
});

export const CardPaymentView = z
  .object({
    /** RevDesk's reference for this attempt: the idempotency key the gateway keeps. */
    reference: z.string(),
    status: z.enum(CARD_ATTEMPT_STATUSES),
    amountKobo: z.number().int(),
    rrr: z.string(),
    /** The gateway's own reference of an approved charge (the payment's source reference). */
    gatewayReference: z.string().nullable(),
    /** Why the card was declined or the attempt failed, in the gateway's words. */
    declineReason: z.string().nullable(),
    declineCode: z.string().nullable(),
    /** What the officer must know beyond the status: e.g. the bill was paid another way meanwhile. */
    note: z.string().nullable(),
    officer: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    /** The bill, paid once the attempt is approved (its e-receipt at `receiptUrl`). */
    payment: PaymentView,
    /** The e-receipt PDF, once paid. */
    receiptUrl: z.string().nullable(),
  })
  .meta({ id: 'CardPayment' });
export type CardPaymentView = z.infer<typeof CardPaymentView>;
