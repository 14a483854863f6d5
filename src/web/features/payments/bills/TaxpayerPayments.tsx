import 'mantine-datatable/styles.css';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaymentSort } from '../../../../shared/payments/enums';
import type { PaymentView } from '../../../../shared/payments/views';
import { ListLoadError } from '../../../lib/lists/listPage';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { PaymentDetailsDrawer } from '../history/PaymentDetailsDrawer';
import { PaymentTable } from '../history/PaymentTable';
import { PaymentTotals } from '../history/PaymentTotals';
import { paymentListQuery } from '../queries';
import { RaiseBillModal } from './RaiseBillModal';

/** The Payments tab of a taxpayer's page: what they paid and owe, and a new bill for them. */
export function TaxpayerPayments({ btin, payerName }: { btin: string; payerName: string }) {
  const canBill = usePermission('invoice:write');
  const base = useShellBase();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<PaymentSort>('-date');
  const [open, setOpen] = useState<PaymentView | undefined>(undefined);
  const [isBilling, setBilling] = useState(false);
  const list = useQuery(paymentListQuery({ btin, page, pageSize, sort }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed">
          Payments and bills with this BTIN, newest first. Open one to download its e-receipt, or
          filter them further in{' '}
          <Anchor
            component={Link}
            underline="always"
            to={`${base}/taxs/payment-history`}
            // The path is built at run time (birs or governor shell), so the router cannot type
            // its search; the page's own zod schema checks it (paymentSearch.ts).
            search={{ btin } as never}
          >
            payment history
          </Anchor>
          .
        </Text>
        {canBill && (
          <Button
            leftSection={<IconReceipt size={16} aria-hidden="true" />}
            onClick={() => setBilling(true)}
          >
            Raise a bill
          </Button>
        )}
      </Group>
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
          <PaymentTable
            label={`Payments of BTIN ${btin}`}
            data={list.data}
            isFetching={list.isFetching}
            onOpen={setOpen}
            emptyText="No payments or bills with this BTIN yet"
            onPageChange={setPage}
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setPage(1);
            }}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
      <PaymentDetailsDrawer
        paymentId={open?.id}
        fromList={open}
        onClose={() => setOpen(undefined)}
      />
      {canBill && isBilling && (
        <RaiseBillModal btin={btin} payerName={payerName} onClose={() => setBilling(false)} />
      )}
    </Stack>
  );
}
