import { PosTransactionsList } from './PosTransactionsList';

/** docs/product.md §2 transactions/benjis (ADMIN, OFFICER_BENJIS). */
export function PosTransactionsPage() {
  return (
    <PosTransactionsList
      title="Benjis Transactions"
      description="Every transaction the POS provider sent: pushed, pulled or from a settlement file. Filter, then export."
      allFilters
    />
  );
}
