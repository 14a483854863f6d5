import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import type { ReactNode } from 'react';
import classes from './ListTable.module.css';
import { usePhoneLayout } from './usePhoneLayout';

/**
 * Every paginated list's table (DESIGN.md §3 `{ items, page, pageSize, total }`): a
 * mantine-datatable on a desk, and below 576 px one card per record holding the fields that
 * matter (DESIGN.md §9: every list works at 375 px wide). A list declares its cards next to
 * its columns; a card opens what a row click opens, and keeps the row's buttons.
 */

export type CardField<T> = { label: string; render: (record: T) => ReactNode };

export type ListCards<T> = {
  /** The card's heading; when the list opens records it is the button that opens one. */
  title: (record: T) => ReactNode;
  fields: readonly CardField<T>[];
  /** The row's buttons and whatever they expand, under the fields. */
  footer?: (record: T) => ReactNode;
  /** When opening shows details inside the card (the audit trail's diff): whether it is open. */
  isExpanded?: (record: T) => boolean;
};

export type ListTableProps<T> = {
  label: string;
  columns: DataTableColumn<T>[];
  cards: ListCards<T>;
  records: T[] | undefined;
  idAccessor: keyof T & string;
  fetching: boolean;
  loadingText: string;
  noRecordsText: string;
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** The server stopped counting: the total reads "50,000+". */
  isTotalCapped?: boolean | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  /** What a row click, and a tap on a card, opens. */
  onOpen?: (record: T) => void;
  rowExpansion?: DataTableRowExpansionProps<T>;
};

function rangeText(from: number, to: number, total: number, isCapped: boolean | undefined) {
  const n = (value: number) => value.toLocaleString('en-NG');
  return `${n(from)}–${n(to)} of ${n(total)}${isCapped ? '+' : ''}`;
}

export function ListTable<T>(props: ListTableProps<T>) {
  const isPhone = usePhoneLayout();
  return isPhone ? <ListCardsView {...props} /> : <ListDataTable {...props} />;
}

function ListDataTable<T>(props: ListTableProps<T>) {
  const records = props.records ?? [];
  const sorting =
    props.sortStatus && props.onSortStatusChange
      ? { sortStatus: props.sortStatus, onSortStatusChange: props.onSortStatusChange }
      : {};
  const { onOpen } = props;
  return (
    <DataTable<T>
      aria-label={props.label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover={onOpen !== undefined}
      minHeight={records.length ? undefined : 180}
      idAccessor={props.idAccessor}
      columns={props.columns}
      records={records}
      fetching={props.fetching}
      loadingText={props.loadingText}
      noRecordsText={props.noRecordsText}
      totalRecords={props.total}
      page={props.page}
      recordsPerPage={props.pageSize}
      recordsPerPageOptions={[...props.pageSizes]}
      recordsPerPageLabel="Rows per page"
      onPageChange={props.onPageChange}
      onRecordsPerPageChange={props.onPageSizeChange}
      paginationText={({ from, to, totalRecords }) =>
        rangeText(from, to, totalRecords, props.isTotalCapped)
      }
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      {...sorting}
      {...(props.rowExpansion ? { rowExpansion: props.rowExpansion } : {})}
      {...(onOpen ? { onRowClick: ({ record }: { record: T }) => onOpen(record) } : {})}
    />
  );
}

function ListCardsView<T>(props: ListTableProps<T>) {
  const records = props.records ?? [];
  const { cards, onOpen } = props;
  const from = (props.page - 1) * props.pageSize + 1;
  const to = from + records.length - 1;
  const lastPage = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <>
      <ul aria-label={props.label} aria-busy={props.fetching} className={classes.cards}>
        {records.map((record) => (
          <li key={String(record[props.idAccessor])} className={classes.card}>
            {onOpen ? (
              <UnstyledButton
                className={classes.open}
                aria-expanded={cards.isExpanded?.(record)}
                onClick={() => onOpen(record)}
              >
                {cards.title(record)}
              </UnstyledButton>
            ) : (
              <Text className={classes.title}>{cards.title(record)}</Text>
            )}
            <dl className={classes.fields}>
              {cards.fields.map((field) => (
                <div key={field.label} className={classes.field}>
                  <dt>{field.label}</dt>
                  <dd>{field.render(record)}</dd>
                </div>
              ))}
            </dl>
            {cards.footer && <div className={classes.footer}>{cards.footer(record)}</div>}
          </li>
        ))}
      </ul>
      {records.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {props.fetching ? props.loadingText : props.noRecordsText}
        </Text>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.pager}>
          <Button
            variant="default"
            h={44}
            aria-label="Previous page"
            disabled={props.page <= 1}
            onClick={() => props.onPageChange(props.page - 1)}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </Button>
          <Text size="sm">{rangeText(from, to, props.total, props.isTotalCapped)}</Text>
          <Button
            variant="default"
            h={44}
            aria-label="Next page"
            disabled={props.page >= lastPage}
            onClick={() => props.onPageChange(props.page + 1)}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </Button>
        </Group>
      )}
    </>
  );
}
