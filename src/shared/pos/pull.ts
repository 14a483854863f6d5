import { z } from 'zod';
import { isoDay } from '../isoDay';

/** The API's shapes for pulls of a day's POS transactions (docs/pos.md "The pull"). */

export const POS_PULL_KIND = 'pos-pull';

export const StartPosPullBody = z
  .object({ day: isoDay('Give the day as YYYY-MM-DD') })
  .meta({ id: 'StartPosPullBody' });
export type StartPosPullBody = z.infer<typeof StartPosPullBody>;

export const PosPullStarted = z.object({ jobId: z.uuid() }).meta({ id: 'PosPullStarted' });

export const PosPullIdParams = z.object({ jobId: z.uuid({ error: 'No such pull' }) });

export const PosPullView = z
  .object({
    jobId: z.uuid(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    day: z.string(),
    isScheduled: z.boolean(),
    processed: z.number().int(),
    total: z.number().int(),
    /** How many transactions came out each way: recorded, duplicate, held, declined, reversed, refused. */
    outcomes: z.record(z.string(), z.number().int()),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'PosPullView' });
export type PosPullView = z.infer<typeof PosPullView>;
