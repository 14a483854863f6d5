import { Anchor, Badge } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { OfficerDetail } from '../../../shared/officers';
import type { Page } from '../../../shared/pagination';
import { USER_TYPE_LABELS } from '../../../shared/userTypes';
import { formatPhone } from '../taxpayers/format';
import { PAGE_SIZE_CHOICES } from '../taxpayers/listSearch';
import { STATE_COLORS, stateOf } from './format';
import type { OfficerSort } from './listSearch';

/** Columns the server sorts by, and its name for each. */
const SORT_KEYS: Record<string, 'surname' | 'username' | 'createdAt'> = {
  name: 'surname',
  username: 'username',
};

function toSortStatus(sort: OfficerSort): DataTableSortStatus<OfficerDetail> {
  const key = sort.replace(/^-/, '');
  const accessor = Object.entries(SORT_KEYS).find(([, value]) => value === key)?.[0];
  return {
    columnAccessor: accessor ?? 'createdAt',
    direction: sort.startsWith('-') ? 'desc' : 'asc',
  };
}

function fromSortStatus(status: DataTableSortStatus<OfficerDetail>): OfficerSort {
  const key = SORT_KEYS[String(status.columnAccessor)] ?? 'surname';
  return status.direction === 'desc' ? `-${key}` : key;
}

/** One page of officers; paging and sorting happen on the server. A row opens the officer. */
export function OfficerTable(props: {
  label: string;
  data: Page<OfficerDetail> | undefined;
  isFetching: boolean;
  sort: OfficerSort;
  showUserType: boolean;
  onOpen: (id: string) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: OfficerSort) => void;
}) {
  const { data } = props;
  const columns: DataTableColumn<OfficerDetail>[] = [
    {
      accessor: 'officerId',
      title: 'Officer ID',
      noWrap: true,
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            props.onOpen(row.id);
          }}
        >
          {row.officerId}
        </Anchor>
      ),
    },
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (row) => `${row.surname}, ${row.firstName}`,
    },
    { accessor: 'username', title: 'Username', sortable: true },
    ...(props.showUserType
      ? [
          {
            accessor: 'userType',
            title: 'User type',
            render: (row: OfficerDetail) => USER_TYPE_LABELS[row.userType],
          },
        ]
      : []),
    { accessor: 'email', title: 'E-mail' },
    {
      accessor: 'phoneNumber',
      title: 'Phone',
      noWrap: true,
      render: (row) => formatPhone(row.phoneNumber),
    },
    {
      accessor: 'state',
      title: 'State',
      noWrap: true,
      render: (row) => (
        <Badge color={STATE_COLORS[stateOf(row)]} variant="filled">
          {stateOf(row)}
        </Badge>
      ),
    },
  ];

  return (
    <DataTable<OfficerDetail>
      aria-label={props.label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={data?.items.length ? undefined : 180}
      columns={columns}
      records={data?.items ?? []}
      fetching={props.isFetching}
      loadingText="Loading officers…"
      noRecordsText="No officers on this page"
      totalRecords={data?.total ?? 0}
      page={data?.page ?? 1}
      recordsPerPage={data?.pageSize ?? 50}
      recordsPerPageOptions={[...PAGE_SIZE_CHOICES]}
      recordsPerPageLabel="Rows per page"
      onPageChange={props.onPageChange}
      onRecordsPerPageChange={props.onPageSizeChange}
      paginationText={({ from, to, totalRecords }) =>
        `${from.toLocaleString('en-NG')}–${to.toLocaleString('en-NG')} of ${totalRecords.toLocaleString('en-NG')}`
      }
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      sortStatus={toSortStatus(props.sort)}
      onSortStatusChange={(status) => props.onSortChange(fromSortStatus(status))}
      onRowClick={({ record }) => props.onOpen(record.id)}
    />
  );
}
