import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../../lib/lists/listPage';
import { PAYMENT_TABLE } from '../../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { NoAccess } from '../../pages/NoAccess';
import { DEFAULT_PAGE_SIZE } from '../../taxpayers/listSearch';
import { hasPaymentFilters, PAYMENT_FILTER_KEYS, PaymentHistorySearch } from '../paymentSearch';
import { paymentExportUrl, paymentListQuery } from '../queries';
import { PaymentDetailsDrawer } from './PaymentDetailsDrawer';
import { PaymentFilters } from './PaymentFilters';
import { PaymentTable } from './PaymentTable';
import { PaymentTotals } from './PaymentTotals';

const TITLE = 'Check Payment History';

/**
 * /birs/taxs/payment-history (SPEC.md §3): every payment by the SPEC filters, with the
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
  const { payment: openId, ...search } = PaymentHistorySearch.parse(useSearch({ strict: false }));
  const list = useQuery(paymentListQuery(search));

  const setSearch = useSetListSearch<PaymentHistorySearch>();
  const clearFilters = () =>
    setSearch(clearedFilters<PaymentHistorySearch>([...PAYMENT_FILTER_KEYS, 'page']));

  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Payments and bills in the ledger, newest first. Open one to see its details and download
            its e-receipt.
          </Text>
        </Stack>
        <Group gap="sm">
          <ExportButtons hrefOf={(format) => paymentExportUrl(search, format)} />
        </Group>
      </Group>

      <PaymentFilters
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The payments"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <PaymentTotals totals={list.data?.totals} />
          {list.isPending ? (
            <TableSkeleton {...PAYMENT_TABLE} withPage={false} />
          ) : isEmpty ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="sm">
                <IconSearchOff size={32} aria-hidden="true" />
                {hasPaymentFilters(search) ? (
                  <>
                    <Text fw={600}>No payments match these filters.</Text>
                    <Text size="sm" c="dimmed">
                      Check the reference or the dates, or clear the filters to see every payment
                      you may read.
                    </Text>
                    <Button variant="light" onClick={clearFilters}>
                      Clear filters
                    </Button>
                  </>
                ) : (
                  <Text fw={600}>No payments have been recorded yet.</Text>
                )}
              </Stack>
            </Paper>
          ) : (
            <PaymentTable
              label="Payments"
              data={list.data}
              isFetching={list.isFetching}
              onOpen={(payment) => setSearch({ payment: payment.id }, false)}
              sort={search.sort ?? '-createdAt'}
              onSortChange={(sort) =>
                setSearch({ sort: sort === '-createdAt' ? undefined : sort, page: undefined })
              }
              onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
              onPageSizeChange={(pageSize) =>
                setSearch({
                  pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
                  page: undefined,
                })
              }
            />
          )}
        </>
      )}

      <PaymentDetailsDrawer
        paymentId={openId}
        fromList={list.data?.items.find((payment) => payment.id === openId)}
        onClose={() => setSearch({ payment: undefined })}
      />
    </Stack>
  );
}
