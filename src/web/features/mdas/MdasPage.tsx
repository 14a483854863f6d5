import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import '../../styles/forms.css';
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MdaView } from '../../../shared/mdas';
import { useLazyDialog } from '../../lib/dialogs/useLazyDialog';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../lib/lists/listPage';
import { MDA_TABLE } from '../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { MdaListSearch } from './listSearch';
import { MdaFilters } from './MdaFilters';
import { MdaTable } from './MdaTable';
import { mdaDetailsQuery, mdaExportUrl } from './queries';

/** The MDA form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadMdaForm = () => import('./MdaFormModal').then((module) => module.MdaFormModal);

/** docs/product.md §2 mda/manage-mda: administrators set up MDAs, revenue heads and Remita. */
export function ManageMdasPage() {
  const canWrite = usePermission('mda:write');
  if (!canWrite) return <NoAccess title="Manage MDAs" />;
  return <MdasPage title="Manage MDAs" canWrite />;
}

/** docs/product.md §2 mda/mda-list: the same records, read-only, for the assessment officers. */
export function MdaListPage() {
  const canRead = usePermission('mda:read');
  if (!canRead) return <NoAccess title="MDA List" />;
  return <MdasPage title="MDA List" canWrite={false} />;
}

function MdasPage({ title, canWrite }: { title: string; canWrite: boolean }) {
  useDocumentTitle(`${title} · RevDesk`);
  const list = useListSearch(MdaListSearch);
  const { search, setSearch } = list;
  const query = useQuery(mdaDetailsQuery(search));
  const [editing, setEditing] = useState<MdaView | null>(null);
  const openNew = () => setSearch({ add: true }, false);
  const form = useLazyDialog(loadMdaForm, canWrite && (search.add === true || editing !== null));

  return (
    <Stack gap="lg">
      <ListHeader
        title={title}
        description="Ministries, departments, agencies and local governments, and the revenue heads each collects."
      >
        <ExportButtons hrefOf={(format) => mdaExportUrl(search, format)} />
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openNew}>
            Add MDA
          </Button>
        )}
      </ListHeader>

      <MdaFilters search={search} onChange={list.setFilters} onClear={list.clearFilters} />

      <ListBody
        query={query}
        what="The MDAs"
        skeleton={<TableSkeleton {...MDA_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            icon={<IconBuildingCommunity size={32} aria-hidden="true" />}
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No MDA matches these filters."
            none="No MDAs are set up yet."
            noneHint={
              canWrite && (
                <Button variant="light" onClick={openNew}>
                  Add the first MDA
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <MdaTable
            data={data}
            isFetching={query.isFetching}
            canWrite={canWrite}
            onEdit={setEditing}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>

      {canWrite && form.Dialog && (
        <form.Dialog
          opened={form.opened}
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
