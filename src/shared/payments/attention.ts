import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { ATTENTION_KINDS, type AttentionKind } from './enums';

/** "Payments needing attention" (ADR 0031): the list's query and answer; the kinds in enums.ts. */
export { ATTENTION_KINDS, type AttentionKind };

/** Refused notifications are shown for this many days: older ones are in the audit trail. */
export const REFUSED_NOTIFICATION_DAYS = 7;

export const AttentionQuery = PageQuery.extend({
  kind: z.enum(ATTENTION_KINDS).optional(),
});
export type AttentionQuery = z.infer<typeof AttentionQuery>;

export const AttentionItem = z.object({
  /** Unique in the list: `mda:<id>`, `payment:<id>` or `audit:<id>` (the refusal's audit row). */
  id: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  /** When it started: the fault's time, the bill's paymentinit, the notification's arrival. */
  since: z.iso.datetime(),
  /** What is wrong, in the administrator's words. */
  what: z.string(),
  /** What to do about it, in the administrator's words. */
  whatToDo: z.string(),
  mdaId: z.uuid().nullable(),
  mdaName: z.string().nullable(),
  /** The bill (pending-confirmation), or the one bill a refused notification named. */
  paymentId: z.uuid().nullable(),
  rrr: z.string().nullable(),
  orderId: z.string().nullable(),
  amountKobo: z.number().int().nullable(),
  /** pending-confirmation: failed looks in a row and when the next is due. */
  attempts: z.number().int().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** refused-notification: how many items of that notification were not recorded. */
  refusedCount: z.number().int().nullable(),
});
export type AttentionItem = z.infer<typeof AttentionItem>;

export const AttentionList = pageOf(AttentionItem);
export type AttentionList = z.infer<typeof AttentionList>;
