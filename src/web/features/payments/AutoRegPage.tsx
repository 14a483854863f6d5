import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import '../../styles/forms.css';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../shared/money';
import type { AutoRegEntry } from '../../../shared/payments/views';
import { FilterText } from '../../lib/filters';
import { ListLoadError, useSetListSearch } from '../../lib/listPage';
import { usePermission } from '../../lib/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { NoAccess } from '../pages/NoAccess';
import { formatLagosDate, formatPhone } from '../taxpayers/format';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';
import { EvasCheck } from './EvasCheck';
import { shownRrr } from './format';
import { MatchPayerModal } from './MatchPayerModal';
import { AutoRegSearch } from './paymentSearch';
import { autoRegQuery } from './queries';

const TITLE = 'Auto-Reg Transactions';

const STATE_LABELS = { 'auto-registered': 'Auto-registered', unmatched: 'Unmatched' } as const;

/**
 * /birs/transactions/auto-reg: payers who paid without a BTIN. Those Remita gave a
 * name and phone for were registered automatically; the others wait here to be matched.
 */
export function AutoRegPage() {
  const canMatch = usePermission('payment:match');
  if (!canMatch) return <NoAccess title={TITLE} />;
  return <AutoRegList />;
}

function AutoRegList() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const base = useShellBase();
  const canReadTaxpayers = usePermission('taxpayer:read');
  const canCheckEvas = usePermission('evas:check');
  const search = AutoRegSearch.parse(useSearch({ strict: false }));
  const list = useQuery(autoRegQuery(search));
  const setSearch = useSetListSearch<AutoRegSearch>();
  const [matching, setMatching] = useState<AutoRegEntry | null>(null);

  const columns: DataTableColumn<AutoRegEntry>[] = [
    {
      accessor: 'paidAt',
      title: 'Paid',
      noWrap: true,
      render: (row) => (row.paidAt ? formatLagosDate(row.paidAt) : '—'),
    },
    { accessor: 'rrr', title: 'RRR', noWrap: true, render: (row) => shownRrr(row.rrr) },
    {
      accessor: 'payerName',
      title: 'Payer',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.payerName ?? 'No name given'}</Text>
          <Text size="xs" c="dimmed">
            {[formatPhone(row.payerPhone), row.payerEmail].filter(Boolean).join(' · ') ||
              'No phone or e-mail'}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'mda', title: 'MDA', render: (row) => row.mda.code },
    {
      accessor: 'amountKobo',
      title: 'Amount',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.amountKobo),
    },
    {
      accessor: 'state',
      title: 'State',
      noWrap: true,
      // "Auto-registered" whole: a squeezed badge cut it short.
      width: 160,
      render: (row) => (
        <Badge color={row.state === 'unmatched' ? 'red.9' : 'revenue.8'} variant="filled">
          {STATE_LABELS[row.state]}
        </Badge>
      ),
    },
    {
      accessor: 'btin',
      title: 'Taxpayer',
      render: (row) =>
        row.btin ? (
          <Stack gap={0}>
            {canReadTaxpayers ? (
              <Anchor component={Link} to={`${base}/taxpayer/${row.btin}`} size="sm">
                {row.btin}
              </Anchor>
            ) : (
              <Text size="sm">{row.btin}</Text>
            )}
            <Text size="xs" c="dimmed">
              {row.taxpayerName ?? ''}
            </Text>
          </Stack>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Match RRR ${row.rrr ?? row.paymentId} to a taxpayer`}
            onClick={() => setMatching(row)}
          >
            Match to taxpayer
          </Button>
        ),
    },
    ...(canCheckEvas
      ? [
          {
            accessor: 'evas',
            title: 'EVAS',
            render: (row: AutoRegEntry) => <EvasCheck entry={row} />,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Payments that reached RevDesk without a BTIN. Match an unmatched payer to their taxpayer
          record, and check a payer's auto-registration in EVAS.
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterText
          label="Search"
          placeholder="Name, phone or RRR"
          value={search.search}
          onChange={(text) => setSearch({ search: text, page: undefined })}
          width={260}
          isSearch
        />
        <Select
          label="State"
          placeholder="Every payer"
          data={Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label }))}
          value={search.state ?? null}
          onChange={(state) =>
            setSearch({ state: (state as AutoRegSearch['state']) ?? undefined, page: undefined })
          }
          clearable
          w={200}
        />
      </Group>
      {list.isError ? (
        <ListLoadError
          what="The payers"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <DataTable<AutoRegEntry>
          aria-label="Payers without a BTIN"
          withTableBorder
          borderRadius="md"
          striped
          minHeight={list.data?.items.length ? undefined : 180}
          idAccessor="paymentId"
          columns={columns}
          records={list.data?.items ?? []}
          fetching={list.isFetching}
          loadingText="Loading payers…"
          noRecordsText={
            search.search || search.state
              ? 'No payers match this search'
              : 'Every payment so far came with a BTIN'
          }
          totalRecords={list.data?.total ?? 0}
          page={list.data?.page ?? 1}
          recordsPerPage={list.data?.pageSize ?? DEFAULT_PAGE_SIZE}
          recordsPerPageOptions={[...PAGE_SIZE_CHOICES]}
          recordsPerPageLabel="Rows per page"
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onRecordsPerPageChange={(pageSize) =>
            setSearch({
              pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
              page: undefined,
            })
          }
          getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
      {matching && <MatchPayerModal entry={matching} onClose={() => setMatching(null)} />}
    </Stack>
  );
}
