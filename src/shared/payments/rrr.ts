import { z } from 'zod';
import { normaliseRrr, RRR_PATTERN } from './rrrText';

export * from './rrrText';

export const Rrr = z
  .string()
  .trim()
  .transform(normaliseRrr)
  .pipe(z.string().regex(RRR_PATTERN, { error: 'An RRR is 12 digits' }));
