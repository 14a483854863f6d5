import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

import { useState } from 'react';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccListItem } from '../../../../shared/tcc/views';
import { meQuery } from '../../../lib/api/queries';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { ExportButtons, ListBody, ListEmpty, useListSearch } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { useShellBase } from '../../../shell/shellPaths';
import { tccExportUrl, tccListQuery } from '../common/queries';
import { defaultTccSortOf, TccListSearch } from '../common/tccSearch';
import { bulkApproveStage } from '../common/tccText';
import { TCC_TABLE } from './pending';
import { TccFilters } from './TccFilters';
import { type TccSelection, TccTable } from './TccTable';

const loadBulkApproveModal = () =>
  import('./BulkApproveModal').then((module) => module.BulkApproveModal);

type Props = {
  screen: TccScreen;
  /** Only the certificates the signed-in officer generated (the generate page's own list). */
  isMine?: boolean;
  /** The table's accessible name; the screen's title by default. */
  label?: string;
};

/**
 * One SPEC TCC list (a kind and its statuses, TCC_SCREENS) with its filters, export and, on a
 * stage's pending list, "Approve selected". The list pages show it under their title; the
 * generate page embeds it with `isMine` as "Certificates you generated".
 */
export function TccListSection({ screen, isMine = false, label = screen.title }: Props) {
  const base = useShellBase();
  const me = useQuery(meQuery());
  const list = useListSearch(TccListSearch, isMine ? ['mine'] : []);
  const urlSearch = list.search;
  const search = isMine ? { ...urlSearch, mine: true } : urlSearch;
  const query = useQuery(tccListQuery(screen, search));
  const stage = bulkApproveStage(screen, me.data?.permissions ?? []);
  const [selected, setSelected] = useState<ReadonlyMap<string, TccListItem>>(new Map());
  const [isApproving, setApproving] = useState(false);
  const bulk = useLazyDialog(loadBulkApproveModal, isApproving);
  const defaultSort = defaultTccSortOf(screen);
  const sort = search.sort ?? defaultSort;

  const selection: TccSelection | undefined = stage
    ? {
        selected: new Set(selected.keys()),
        onToggle: (row, isSelected) =>
          setSelected((current) => {
            const next = new Map(current);
            if (isSelected) next.set(row.id, row);
            else next.delete(row.id);
            return next;
          }),
        onTogglePage: (rows, isSelected) =>
          setSelected((current) => {
            const next = new Map(current);
            for (const row of rows) {
              if (isSelected) next.set(row.id, row);
              else next.delete(row.id);
            }
            return next;
          }),
      }
    : undefined;

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {stage && (
          <Button
            leftSection={<IconChecks size={16} aria-hidden="true" />}
            disabled={selected.size === 0}
            onClick={() => setApproving(true)}
          >
            {selected.size > 0 ? `Approve selected (${selected.size})` : 'Approve selected'}
          </Button>
        )}
        <ExportButtons hrefOf={(format) => tccExportUrl(screen, search, format)} />
      </Group>

      <TccFilters
        screen={screen}
        search={urlSearch}
        isMineFixed={isMine}
        onChange={list.setFilters}
        onClear={list.clearFilters}
      />

      <ListBody
        query={query}
        what="The certificates"
        skeleton={<TableSkeleton {...TCC_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No certificates match these filters."
            noMatchHint="Check the number, BTIN or name and the dates, or clear the filters to see every certificate of this list."
            none="There are no certificates in this list."
            noneHint={
              <Text size="sm" c="dimmed" ta="center">
                {isMine
                  ? 'The certificates you generate appear here as they go through the approvals.'
                  : 'Certificates appear here as they reach this step of the approvals.'}
              </Text>
            }
          />
        }
      >
        {(data) => (
          <TccTable
            label={label}
            data={data}
            isFetching={query.isFetching}
            emptyText="No certificates on this page"
            recordHref={(row) => `${base}/taxs/tcc/${row.id}`}
            selection={selection}
            sorting={{
              sort,
              onChange: (next) => list.setSort(next, defaultSort),
            }}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>

      {stage && bulk.Dialog && (
        <bulk.Dialog
          opened={bulk.opened}
          stage={stage}
          certificates={[...selected.values()]}
          onApproved={(ids) =>
            setSelected((current) => {
              const next = new Map(current);
              for (const id of ids) next.delete(id);
              return next;
            })
          }
          onClose={() => setApproving(false)}
        />
      )}
    </Stack>
  );
}
