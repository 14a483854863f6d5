import { Anchor, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import type { ReactNode } from 'react';
import classes from './ListTable.module.css';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from './searchParams';
import { usePhoneLayout } from './usePhoneLayout';

/**
 * Every paginated list's table (docs/architecture.md §3 `{ items, page, pageSize, total }`): a
 * mantine-datatable on a desk, and below 576 px one card per record holding the fields that
 * matter (docs/architecture.md §9: every list works at 375 px wide). A list declares its cards next to
 * its columns; a card opens what a row click opens, and keeps the row's buttons.
 *
 * A list of records that have their own page names that page (`recordHref`): the card's
 * heading is then a link to it, and the list puts a RecordLink in its key column, so the
 * keyboard opens a record as the mouse does (a row click alone reaches no keyboard).
 */

export type CardField<T> = { label: string; render: (record: T) => ReactNode };

export type ListCards<T> = {
  /** The card's heading; when the list opens records it is the link or button that opens one. */
  title: (record: T) => ReactNode;
  fields: readonly CardField<T>[];
  /** The row's buttons and whatever they expand, under the fields. */
  footer?: (record: T) => ReactNode;
  /** When opening shows details inside the card (the audit trail's diff): whether it is open. */
  isExpanded?: (record: T) => boolean;
};

/** One page of a list as the API returns it (docs/architecture.md §3). */
export type ListPageData<T> = {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The server stopped counting: the total reads "50,000+". */
  isTotalCapped?: boolean | undefined;
};

/** An API sort key without its direction: `name` of `-name`. */
type SortKey<S extends string> = S extends `-${infer K}` ? K : S;

/**
 * The list's sort as the API takes it (`name`, `-name`) and the columns it sorts by: each
 * sortable column's accessor and its sort key. Columns left out stay unsortable; a sort no
 * column shows (relevance) puts no arrow on any.
 */
export type ListSorting<S extends string> = {
  sort: S;
  columns: Readonly<Record<string, SortKey<S>>>;
  onChange: (sort: S) => void;
};

export function toSortStatus<S extends string>(
  sort: S,
  columns: ListSorting<S>['columns'],
): { columnAccessor: string; direction: 'asc' | 'desc' } {
  const key = sort.replace(/^-/, '');
  return {
    columnAccessor: Object.keys(columns).find((column) => columns[column] === key) ?? key,
    direction: sort.startsWith('-') ? 'desc' : 'asc',
  };
}

export function fromSortStatus<S extends string>(
  status: { columnAccessor: unknown; direction: 'asc' | 'desc' },
  columns: ListSorting<S>['columns'],
  fallback: S,
): S {
  const key = columns[String(status.columnAccessor)];
  if (key === undefined) return fallback;
  return (status.direction === 'desc' ? `-${key}` : key) as S;
}

export type ListTableProps<T, S extends string = string> = {
  label: string;
  columns: DataTableColumn<T>[];
  cards: ListCards<T>;
  /** The page shown; undefined before the first arrives. */
  data: ListPageData<T> | undefined;
  idAccessor: keyof T & string;
  fetching: boolean;
  loadingText: string;
  noRecordsText: string;
  /** PAGE_SIZE_CHOICES unless the list is short. */
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sorting?: ListSorting<S> | undefined;
  /** What a row click, and a tap on a card, opens inside the page (a drawer, a diff). */
  onOpen?: (record: T) => void;
  /** The page of a record: a row click goes there, and the card's heading links to it. */
  recordHref?: (record: T) => string;
  rowExpansion?: DataTableRowExpansionProps<T>;
};

function rangeText(from: number, to: number, total: number, isCapped: boolean | undefined) {
  const n = (value: number) => value.toLocaleString('en-NG');
  return `${n(from)}–${n(to)} of ${n(total)}${isCapped ? '+' : ''}`;
}

export function ListTable<T, S extends string = string>(props: ListTableProps<T, S>) {
  const isPhone = usePhoneLayout();
  return isPhone ? <ListCardsView {...props} /> : <ListDataTable {...props} />;
}

/** The page shown and its place in the list; the first page's before it arrives. */
function paging<T>(data: ListPageData<T> | undefined) {
  return {
    records: data?.items ?? [],
    total: data?.total ?? 0,
    page: data?.page ?? 1,
    pageSize: data?.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/** What a row click does: open the record's page, or what the list opens in place. */
function useRowOpener<T>(props: Pick<ListTableProps<T>, 'onOpen' | 'recordHref'>) {
  const navigate = useNavigate();
  const { onOpen, recordHref } = props;
  if (recordHref) return (record: T) => void navigate({ to: recordHref(record) });
  return onOpen;
}

function ListDataTable<T, S extends string>(props: ListTableProps<T, S>) {
  const { records, total, page, pageSize } = paging(props.data);
  const { sorting } = props;
  const onOpen = useRowOpener(props);
  const sortProps = sorting
    ? {
        sortStatus: toSortStatus(sorting.sort, sorting.columns) as DataTableSortStatus<T>,
        onSortStatusChange: (status: DataTableSortStatus<T>) =>
          sorting.onChange(fromSortStatus(status, sorting.columns, sorting.sort)),
      }
    : {};
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
      totalRecords={total}
      page={page}
      recordsPerPage={pageSize}
      recordsPerPageOptions={[...(props.pageSizes ?? PAGE_SIZE_CHOICES)]}
      recordsPerPageLabel="Rows per page"
      onPageChange={props.onPageChange}
      onRecordsPerPageChange={props.onPageSizeChange}
      paginationText={({ from, to, totalRecords }) =>
        rangeText(from, to, totalRecords, props.data?.isTotalCapped)
      }
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      {...sortProps}
      {...(props.rowExpansion ? { rowExpansion: props.rowExpansion } : {})}
      {...(onOpen ? { onRowClick: ({ record }: { record: T }) => onOpen(record) } : {})}
    />
  );
}

function ListCardsView<T, S extends string>(props: ListTableProps<T, S>) {
  const { records, total, page, pageSize } = paging(props.data);
  const { cards, onOpen, recordHref } = props;
  const from = (page - 1) * pageSize + 1;
  const to = from + records.length - 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <ul aria-label={props.label} aria-busy={props.fetching} className={classes.cards}>
        {records.map((record) => (
          <li key={String(record[props.idAccessor])} className={classes.card}>
            {recordHref ? (
              <Anchor component={Link} to={recordHref(record)} className={classes.open}>
                {cards.title(record)}
              </Anchor>
            ) : onOpen ? (
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
            disabled={page <= 1}
            onClick={() => props.onPageChange(page - 1)}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </Button>
          <Text size="sm">{rangeText(from, to, total, props.data?.isTotalCapped)}</Text>
          <Button
            variant="default"
            h={44}
            aria-label="Next page"
            disabled={page >= lastPage}
            onClick={() => props.onPageChange(page + 1)}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </Button>
        </Group>
      )}
    </>
  );
}
