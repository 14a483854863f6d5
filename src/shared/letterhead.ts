import { z } from 'zod';

/**
 * The letterhead every printed document carries (notice of assessment, Tax Clearance
 * Certificate, e-receipt, decision letter): the service's name and its crest. Set by ADMIN.
 */

// Zod-free, for the letterhead page's first draw (docs/architecture.md §9 "Web").
export { CREST_MAX_BYTES } from './letterheadLimits';

export const LetterheadView = z
  .object({
    serviceName: z.string(),
    hasCrest: z.boolean(),
    /** Changes when the crest does: the web adds it to the image's address to show the new one. */
    crestVersion: z.string().nullable(),
    /** Null until an administrator first sets it (the documents print the default name). */
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'LetterheadView' });
export type LetterheadView = z.infer<typeof LetterheadView>;

export const LetterheadPatch = z
  .object({
    serviceName: z
      .string()
      .trim()
      .min(3, 'Enter the service name as documents print it (at least 3 characters)')
      .max(120, 'The service name must be at most 120 characters'),
  })
  .strict()
  .meta({ id: 'LetterheadPatch' });
export type LetterheadPatch = z.infer<typeof LetterheadPatch>;
