import { Anchor, Badge } from '@mantine/core';
import type { OfficerDetail } from '../../../../shared/officers';
import type { Page } from '../../../../shared/pagination';
import { USER_TYPE_LABELS } from '../../../../shared/userTypeEnums';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { PhoneLink } from '../../../lib/lists/PhoneLink';
import { sortText } from '../../../lib/lists/sortText';
import { STATE_COLORS, stateOf } from '../format';
import type { OfficerSort } from '../listSearch';

/** Columns the server sorts by, and its name for each. */
const SORT_COLUMNS = { name: 'surname', username: 'username' } as const;

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
  const columns: ListColumn<OfficerDetail>[] = [
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
    // A long name ends in an ellipsis, whole on hover, instead of wrapping into a tower.
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      width: 220,
      ellipsis: true,
      render: (row) => <span title={nameOf(row)}>{nameOf(row)}</span>,
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
    { accessor: 'email', fold: 3, title: 'E-mail' },
    {
      accessor: 'phoneNumber',
      fold: 1,
      title: 'Phone',
      noWrap: true,
      render: (row) => <PhoneLink phone={row.phoneNumber} />,
    },
    {
      accessor: 'state',
      fold: 2,
      title: 'State',
      noWrap: true,
      render: stateBadge,
    },
  ];

  // On a phone: the name, user type and state, and the phone to call; a tap opens the officer.
  const cards: ListCards<OfficerDetail> = {
    title: nameOf,
    fields: [
      { label: 'User type', render: (row) => USER_TYPE_LABELS[row.userType] },
      { label: 'State', render: stateBadge },
      { label: 'Phone', render: (row) => <PhoneLink phone={row.phoneNumber} /> },
    ],
  };

  return (
    <ListTable<OfficerDetail, OfficerSort>
      label={props.label}
      sortedBy={sortText(props.sort)}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={props.isFetching}
      loadingText="Loading officers…"
      noRecordsText="No officers on this page"
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sorting={{ sort: props.sort, columns: SORT_COLUMNS, onChange: props.onSortChange }}
      onOpen={(record) => props.onOpen(record.id)}
    />
  );
}

function nameOf(row: OfficerDetail): string {
  return `${row.surname}, ${row.firstName}`;
}

function stateBadge(row: OfficerDetail) {
  return (
    <Badge color={STATE_COLORS[stateOf(row)]} variant="filled">
      {stateOf(row)}
    </Badge>
  );
}
