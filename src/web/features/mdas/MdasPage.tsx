import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import '../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { MdaView } from '../../../shared/mdas';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../lib/lists/listPage';
import { MDA_TABLE } from '../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { usePermission } from '../../lib/usePermission';
import { NoAccess } from '../pages/NoAccess';
import { FILTER_KEYS, hasFilters, MdaListSearch } from './listSearch';
import { MdaFilters } from './MdaFilters';
import { MdaFormModal } from './MdaFormModal';
import { MdaTable } from './MdaTable';
import { mdaDetailsQuery, mdaExportUrl } from './queries';

/** SPEC.md §2 mda/manage-mda: administrators set up MDAs, revenue heads and Remita. */
export function ManageMdasPage() {
  const canWrite = usePermission('mda:write');
  if (!canWrite) return <NoAccess title="Manage MDAs" />;
  return <MdasPage title="Manage MDAs" canWrite />;
}

/** SPEC.md §2 mda/mda-list: the same records, read-only, for the assessment officers. */
export function MdaListPage() {
  const canRead = usePermission('mda:read');
  if (!canRead) return <NoAccess title="MDA List" />;
  return <MdasPage title="MDA List" canWrite={false} />;
}

function MdasPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  useDocumentTitle(`${title} · RevDesk`);
  const search = MdaListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(mdaDetailsQuery(search));
  const [editing, setEditing] = useState<MdaView | null>(null);

  const setSearch = useSetListSearch<MdaListSearch>();
  const clearFilters = () => setSearch(clearedFilters<MdaListSearch>(FILTER_KEYS));

  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            Ministries, departments, agencies and local governments, and the revenue heads each
            collects.
          </Text>
        </Stack>
        <Group gap="sm">
          <ExportButtons hrefOf={(format) => mdaExportUrl(search, format)} />
          {canWrite && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setSearch({ add: true }, false)}
            >
              Add MDA
            </Button>
          )}
        </Group>
      </Group>

      <MdaFilters
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The MDAs"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton {...MDA_TABLE} withPage={false} />
      ) : isEmpty ? (
        <EmptyList
          filtered={hasFilters(search)}
          canWrite={canWrite}
          onClear={clearFilters}
          onAdd={() => setSearch({ add: true }, false)}
        />
      ) : (
        <MdaTable
          data={list.data}
          isFetching={list.isFetching}
          canWrite={canWrite}
          onEdit={setEditing}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({ pageSize: pageSize === 50 ? undefined : pageSize, page: undefined })
          }
        />
      )}

      {canWrite && (
        <MdaFormModal
          opened={search.add === true || editing !== null}
          mda={editing}
          onClose={() => {
            setEditing(null);
            if (search.add) setSearch({ add: undefined });
          }}
        />
      )}
    </Stack>
  );
}

function EmptyList(props: {
  filtered: boolean;
  canWrite: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <IconBuildingCommunity size={32} aria-hidden="true" />
        {props.filtered ? (
          <>
            <Text fw={600}>No MDA matches these filters.</Text>
            <Button variant="light" onClick={props.onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <Text fw={600}>No MDAs are set up yet.</Text>
            {props.canWrite && (
              <Button variant="light" onClick={props.onAdd}>
                Add the first MDA
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
