import { z } from 'zod';

/** One item of reference data: a state, LGA, town, occupation or profession (API contract). */
export const ReferenceItem = z
  .object({ id: z.number().int(), name: z.string(), code: z.string().optional() })
  .meta({ id: 'ReferenceItem' });
export type ReferenceItem = z.infer<typeof ReferenceItem>;

export const ReferenceList = z
  .object({ items: z.array(ReferenceItem) })
  .meta({ id: 'ReferenceList' });
export type ReferenceList = z.infer<typeof ReferenceList>;

export { BAYELSA_STATE_ID } from './states';
