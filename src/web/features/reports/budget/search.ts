import { ReportSearch } from '../collections/search';

/**
 * A budget report's state in the URL: the period and, on the MDA's report, the MDA, read as
 * every report reads them (collections/search.ts, without zod: the route tree holds it).
 * Anything else the address bar holds is dropped rather than failing the page.
 */
export const BudgetSearch = ReportSearch;
export type BudgetSearch = ReportSearch;
