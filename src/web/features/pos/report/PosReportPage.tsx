import { PosTransactionsList } from '../transactions/PosTransactionsList';

/**
 * docs/product.md §2 transactions/benjis-report, §7 `GET pos/officer/benjis-report/keyword`
 * (page, keyword, startDate, endDate): OFFICER_BENJIS and OFFICER_BENJIS_READ.
 */
export function PosReportPage() {
  return (
    <PosTransactionsList
      title="Benjis Report"
      description="Find POS transactions by keyword — an RRN, STAN, terminal id, agent or payer — between two days, with their totals."
      allFilters={false}
    />
  );
}
