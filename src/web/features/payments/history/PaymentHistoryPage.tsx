import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../../lib/lists/listPage';
import { PAYMENT_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { PaymentHistorySearch } from '../paymentSearch';
import { paymentExportUrl, paymentListQuery } from '../queries';
import { PaymentDetailsDrawer } from './PaymentDetailsDrawer';
import { PaymentFilters } from './PaymentFilters';
import { PaymentTable } from './PaymentTable';
import { PaymentTotals } from './PaymentTotals';

const TITLE = 'Check Payment History';

/**
 * /birs/taxs/payment-history (docs/product.md §3): every payment by the SPEC filters, with the
 * totals of the filtered set. Open to every officer with payment:read, menu or not; MDA staff
 * see their MDAs' payments only (the server filters).
 */
export function PaymentHistoryPage() {
  const canRead = usePermission('payment:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <PaymentHistory />;
}

function PaymentHistory() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const list = useListSearch(PaymentHistorySearch);
  const { payment: openId, ...search } = list.search;
  const query = useQuery(paymentListQuery(search));

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Payments and bills in the ledger, newest payment first (a bill not yet paid by the day it was raised). Open one to see its details and download its e-receipt."
      >
        <ExportButtons hrefOf={(format) => paymentExportUrl(search, format)} />
      </ListHeader>

      <PaymentFilters search={search} onChange={list.setFilters} onClear={list.clearFilters} />

      <ListBody
        query={query}
        what="The payments"
        totals={(data) => <PaymentTotals totals={data?.totals} />}
        skeleton={<TableSkeleton {...PAYMENT_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No payments match these filters."
            noMatchHint="Check the reference or the dates, or clear the filters to see every payment you may read."
            none="No payments have been recorded yet."
          />
        }
      >
        {(data) => (
          <PaymentTable
            label="Payments"
            data={data}
            isFetching={query.isFetching}
            onOpen={(payment) => list.setSearch({ payment: payment.id }, false)}
            sort={search.sort ?? '-date'}
            onSortChange={(sort) => list.setSort(sort, '-date')}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>

      <PaymentDetailsDrawer
        paymentId={openId}
        fromList={query.data?.items.find((payment) => payment.id === openId)}
        onClose={() => list.setSearch({ payment: undefined })}
      />
    </Stack>
  );
}
