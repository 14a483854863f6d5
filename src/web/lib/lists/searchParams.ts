// zod/mini, not zod: the router validates the search of every list page, so these helpers
// are in the first load of the sign-in page too (DESIGN.md §9), and mini is a fraction of it.
import { z } from 'zod/mini';

/** Building blocks of the lists' URL search schemas (STYLE.md §8). */

/** A hand-edited or outdated bookmark falls back to the default rather than failing. */
export const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.catch(z.optional(schema), undefined);

/** A whole number from the URL's text, within bounds. */
export const whole = (min: number, max: number) =>
  z.coerce.number().check(z.refine(Number.isInteger), z.minimum(min), z.maximum(max));
