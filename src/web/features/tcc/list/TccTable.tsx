import { Checkbox, Text } from '@mantine/core';
import { TCC_PURPOSE_LABELS, TCC_WAIT_WARNING_DAYS } from '../../../../shared/tcc/enums';
import type { TccListItem, TccPage, TccSort } from '../../../../shared/tcc/views';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { RecordLink } from '../../../lib/lists/RecordLink';
import { TccStatusBadge } from '../common/StatusBadge';
import { isWaitingTooLong, tccSortText, waitingText } from '../common/tccText';
import { TCC_SORT_COLUMNS } from './tableSort';

/** The rows an approver ticked for "Approve selected", by id. */
export type TccSelection = {
  selected: ReadonlySet<string>;
  onToggle: (row: TccListItem, isSelected: boolean) => void;
  onTogglePage: (rows: readonly TccListItem[], isSelected: boolean) => void;
};

type Props = {
  label: string;
  data: TccPage | undefined;
  isFetching: boolean;
  /** A certificate's page: its number links there, and a row click opens it. */
  recordHref: (row: TccListItem) => string;
  emptyText: string;
  sorting: { sort: TccSort; onChange: (sort: TccSort) => void };
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** On a stage's pending list, for an officer of that stage: a tick box per row. */
  selection?: TccSelection | undefined;
};

/** Days waiting, in red and bold past TCC_WAIT_WARNING_DAYS (the two-week answer the law expects). */
function Waiting({ row }: { row: TccListItem }) {
  const isLate = isWaitingTooLong(row);
  return (
    <Text
      size="sm"
      c={isLate ? 'red.9' : undefined}
      fw={isLate ? 700 : undefined}
      title={isLate ? `Waiting more than ${TCC_WAIT_WARNING_DAYS} days` : undefined}
      data-late={isLate || undefined}
    >
      {waitingText(row)}
    </Text>
  );
}

/** A row's tick box; a click on it never opens the certificate. */
function RowCheckbox(props: { row: TccListItem; selection: TccSelection; withLabel?: boolean }) {
  const { row, selection } = props;
  const canApprove = row.actions.includes('approve');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click, not a control of its own.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside takes the keyboard.
    <div onClick={(event) => event.stopPropagation()}>
      <Checkbox
        aria-label={`Select ${row.number}`}
        label={props.withLabel ? 'Select' : undefined}
        checked={selection.selected.has(row.id)}
        disabled={!canApprove}
        title={canApprove ? undefined : 'You may not approve this certificate'}
        onChange={(event) => selection.onToggle(row, event.currentTarget.checked)}
      />
    </div>
  );
}

/** One page of certificates; paging and sorting happen on the server. A row opens its page. */
export function TccTable({ selection, sorting, ...props }: Props) {
  const rows = props.data?.items ?? [];
  const selectable = rows.filter((row) => row.actions.includes('approve'));
  const pageTicked = selectable.filter((row) => selection?.selected.has(row.id)).length;
  const columns: ListColumn<TccListItem>[] = [
    ...(selection
      ? ([
          {
            accessor: 'select',
            title: (
              <Checkbox
                aria-label="Select every certificate on this page"
                checked={selectable.length > 0 && pageTicked === selectable.length}
                indeterminate={pageTicked > 0 && pageTicked < selectable.length}
                disabled={selectable.length === 0}
                onChange={(event) =>
                  selection.onTogglePage(selectable, event.currentTarget.checked)
                }
              />
            ),
            width: 44,
            render: (row) => <RowCheckbox row={row} selection={selection} />,
          },
        ] satisfies ListColumn<TccListItem>[])
      : []),
    {
      accessor: 'number',
      fold: 0,
      showsFolded: true,
      title: 'Certificate number',
      noWrap: true,
      sortable: true,
      render: (row) => <RecordLink to={props.recordHref(row)}>{row.number}</RecordLink>,
    },
    {
      // Name and BTIN in one column, as the assessment lists: it fits beside the sidebar.
      accessor: 'name',
      title: 'Holder',
      width: 220,
      ellipsis: true,
      render: (row) => (
        <>
          <Text size="sm" truncate="end" title={row.name}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            BTIN {row.btin}
          </Text>
        </>
      ),
    },
    {
      accessor: 'purpose',
      title: 'Purpose',
      render: (row) => TCC_PURPOSE_LABELS[row.purpose],
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (row) => <TccStatusBadge status={row.status} />,
    },
    {
      // The day and the officer in one column: nine columns do not fit beside the sidebar.
      accessor: 'generatedAt',
      title: 'Generated',
      noWrap: true,
      sortable: true,
      render: (row) => (
        <>
          <Text size="sm">{formatLagosDate(row.generatedAt)}</Text>
          {row.generatedBy && (
            <Text size="xs" c="dimmed" truncate="end" maw={160} title={row.generatedBy.name}>
              by {row.generatedBy.name}
            </Text>
          )}
        </>
      ),
    },
    {
      accessor: 'waitingDays',
      title: 'Waiting',
      noWrap: true,
      textAlign: 'right',
      sortable: true,
      render: (row) => <Waiting row={row} />,
    },
  ];

  // On a phone: number and holder, purpose, status, waiting; the tick box under them.
  const cards: ListCards<TccListItem> = {
    title: (row) => `${row.number} · ${row.name}`,
    fields: [
      { label: 'BTIN', render: (row) => row.btin },
      { label: 'Purpose', render: (row) => TCC_PURPOSE_LABELS[row.purpose] },
      { label: 'Status', render: (row) => <TccStatusBadge status={row.status} isWrapping /> },
      { label: 'Generated on', render: (row) => formatLagosDate(row.generatedAt) },
      { label: 'Waiting', render: (row) => <Waiting row={row} /> },
    ],
    ...(selection && {
      footer: (row: TccListItem) => <RowCheckbox row={row} selection={selection} withLabel />,
    }),
  };

  return (
    <ListTable<TccListItem, TccSort>
      label={props.label}
      sortedBy={tccSortText(sorting.sort)}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={props.data}
      fetching={props.isFetching}
      loadingText="Loading certificates…"
      noRecordsText={props.emptyText}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sorting={{ ...sorting, columns: TCC_SORT_COLUMNS }}
      recordHref={props.recordHref}
    />
  );
}
