import { z } from 'zod';

/**
 * An officer's work queue on /birs/dashboard (docs/work-queues.md): what waits for them, each
 * count the total of the list its link opens with the same filter.
 */
export const WorkQueue = z
  .object({
    /** Stable name of the queue, e.g. `tcc-director_assessment-paye`, `objections-open`. */
    key: z.string(),
    label: z.string(),
    /** How many the list holds: the same total as `list` answers. */
    count: z.number().int(),
    /** The page that shows them, with its filter, e.g. `/birs/taxs/objections?status=open`. */
    link: z.string(),
    /** The list API call `count` is the total of (its filter; no page). */
    list: z.string(),
    /** When the one waiting longest entered the queue; null when it is empty or not said. */
    oldestWaitingSince: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WorkQueue' });
export type WorkQueue = z.infer<typeof WorkQueue>;

export const WorkQueues = z.object({ queues: z.array(WorkQueue) }).meta({ id: 'WorkQueues' });
export type WorkQueues = z.infer<typeof WorkQueues>;
