import { Anchor, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
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

/**
 * A list's column. `fold`: how soon it folds into its row's detail when the table is wider than
 * the page (a higher number folds first; without it, the columns fold from the right, the first
 * column and `fold: 0` never).
 */
export type ListColumn<T> = DataTableColumn<T> & {
  fold?: number;
  /** The column whose cell holds the folded ones (the first column unless one says so). */
  showsFolded?: boolean;
};

export type ListTableProps<T, S extends string = string> = {
  label: string;
  columns: ListColumn<T>[];
  /** "date issued, newest first" (sortText): shown as "Sorted by: …" over the list. */
  sortedBy: string;
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
  return (
    <>
      <Text size="sm" c="dimmed" className={classes.sortedBy}>
        Sorted by: {props.sortedBy}
      </Text>
      {isPhone ? <ListCardsView {...props} /> : <ListDataTable {...props} />}
    </>
  );
}

/** The accessors in the order they fold: explicit `fold` first (highest first), then right to left. */
function foldOrder<T>(columns: readonly ListColumn<T>[]): string[] {
  const candidates = columns
    .map((column, index) => ({ column, index }))
    .filter(
      ({ column, index }) =>
        index > 0 && column.fold !== 0 && !column.showsFolded && !column.hidden,
    );
  return candidates
    .sort((a, b) => (b.column.fold ?? 0) - (a.column.fold ?? 0) || b.index - a.index)
    .map(({ column }) => String(column.accessor));
}

/** A column's title as text, for the label of its value in the row's detail. */
function titleOf<T>(column: ListColumn<T>): ReactNode {
  if (column.title !== undefined) return column.title;
  const words = String(column.accessor).replace(/([A-Z])/g, ' $1');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function cellOf<T>(column: ListColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = (record as Record<string, unknown>)[String(column.accessor)];
  return value == null ? '—' : String(value);
}

/**
 * The columns shown on a desk: while the table is wider than its place (1366 px with the
 * sidebar, a narrow window), the next column of foldOrder leaves the header and shows under
 * the first column of its row, labelled, instead of going off-screen (docs/architecture.md §9).
 * Measured before paint; a wider place shows them again.
 */
function useFoldedColumns<T>(columns: readonly ListColumn<T>[], records: readonly T[]) {
  const box = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState<readonly string[]>([]);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      setWidth((previous) => {
        // Wider: unfold all and measure again; narrower: fold on from where it is.
        if (next > previous + 1) setFolded([]);
        return next;
      });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the rows or the width change
  useLayoutEffect(() => {
    const element = box.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    if (table.scrollWidth <= element.clientWidth + 1) return;
    const next = foldOrder(columns).find((accessor) => !folded.includes(accessor));
    if (next !== undefined) setFolded([...folded, next]);
  }, [folded, width, records, columns]);
  const holder = columns.find((column) => column.showsFolded) ?? columns[0];
  if (!holder || folded.length === 0) return { box, columns: [...columns] };
  const foldedColumns = columns.filter((column) => folded.includes(String(column.accessor)));
  const withFolded: ListColumn<T> = {
    ...holder,
    render: (record: T, index: number) => (
      <>
        {cellOf(holder, record, index)}
        <dl className={classes.folded}>
          {foldedColumns.map((column) => (
            <div key={String(column.accessor)}>
              <dt>{titleOf(column)}</dt>
              <dd>{cellOf(column, record, index)}</dd>
            </div>
          ))}
        </dl>
      </>
    ),
  };
  const shown = columns
    .filter((column) => !folded.includes(String(column.accessor)))
    .map((column) => (column === holder ? withFolded : column));
  return { box, columns: shown };
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
  const fitted = useFoldedColumns(props.columns, records);
  const sortProps = sorting
    ? {
        sortStatus: toSortStatus(sorting.sort, sorting.columns) as DataTableSortStatus<T>,
        onSortStatusChange: (status: DataTableSortStatus<T>) =>
          sorting.onChange(fromSortStatus(status, sorting.columns, sorting.sort)),
      }
    : {};
  return (
    <div ref={fitted.box} className={classes.fit}>
      <DataTable<T>
        aria-label={props.label}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover={onOpen !== undefined}
        minHeight={records.length ? undefined : 180}
        idAccessor={props.idAccessor}
        columns={fitted.columns}
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
    </div>
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
