import { z } from 'zod';

const day = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A budget report's state in the URL: the period and, on the MDA's report, the MDA. Anything
 * else the address bar holds is dropped rather than failing the page.
 */
export const BudgetSearch = z.object({
  from: z.string().regex(day).optional().catch(undefined),
  to: z.string().regex(day).optional().catch(undefined),
  mdaId: z.uuid().optional().catch(undefined),
});
export type BudgetSearch = z.infer<typeof BudgetSearch>;
