import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OBJECTION_STATUSES } from '../../../../shared/assessments/enums';
import type { ObjectionView } from '../../../../shared/assessments/views';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { countActiveFilters, FilterBar, FilterSelect } from '../../../lib/lists/filters';
import { ListBody, ListEmpty, ListHeader, useListSearch } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { objectionListQuery } from '../common/queries';
import { OBJECTION_STATUS_LABELS } from '../common/StatusBadges';
import { ObjectionDrawer } from './ObjectionDrawer';
import { ObjectionTable } from './ObjectionTable';
import { ObjectionListSearch, objectionParams } from './objectionSearch';

const TITLE = 'Objections';

/** The decision form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadDecideModal = () =>
  import('./DecideObjectionModal').then((module) => module.DecideObjectionModal);

/**
 * taxs/objections (RevDesk's own page; docs/tax-rules.md: objected within 30 days of the
 * notice, answered within 90): every objection to an assessment of the kinds the officer works
 * with, open ones first with the days left to answer. A Director of Assessment decides them;
 * everyone else reads.
 */
export function ObjectionsPage() {
  const canRead = usePermission('assessment:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <Objections />;
}

function Objections() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const list = useListSearch(ObjectionListSearch);
  const { objection: openId, ...search } = list.search;
  const query = useQuery(objectionListQuery(objectionParams(search)));
  const canDecide = usePermission('objection:decide');
  const [deciding, setDeciding] = useState<ObjectionView | null>(null);
  // Mounted open and unmounted on close, as it was before its code was fetched on demand.
  const decide = useLazyDialog(loadDecideModal, deciding !== null);

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Taxpayers' objections to their assessments. Each must be answered within 90 days of filing: open ones come first, the closest to their deadline on top."
      />

      <FilterBar
        activeCount={countActiveFilters(search, ObjectionListSearch.filterKeys)}
        onClear={list.clearFilters}
      >
        <FilterSelect
          label="Status"
          placeholder="Any status"
          values={OBJECTION_STATUSES}
          labels={OBJECTION_STATUS_LABELS}
          value={search.status}
          onChange={(status) => list.setFilters({ status })}
          width={180}
        />
      </FilterBar>

      <ListBody
        query={query}
        what="The objections"
        skeleton={<TableSkeleton label="Loading the objections…" columns={8} withPage={false} />}
        empty={
          <ListEmpty
            icon={<IconMoodEmpty size={32} aria-hidden="true" />}
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            clearLabel="Show every objection"
            noMatch={`No ${search.status ? OBJECTION_STATUS_LABELS[search.status].toLowerCase() : ''} objections.`}
            none="No taxpayer has objected to an assessment yet."
          />
        }
      >
        {(data) => (
          <ObjectionTable
            data={data}
            isFetching={query.isFetching}
            canDecide={canDecide}
            onOpen={(objection) => list.setSearch({ objection: objection.id }, false)}
            onDecide={setDeciding}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>

      <ObjectionDrawer
        objection={query.data?.items.find((objection) => objection.id === openId)}
        canDecide={canDecide}
        onDecide={(objection) => {
          list.setSearch({ objection: undefined });
          setDeciding(objection);
        }}
        onClose={() => list.setSearch({ objection: undefined })}
      />
      {deciding && decide.Dialog && (
        <decide.Dialog objection={deciding} onClose={() => setDeciding(null)} />
      )}
    </Stack>
  );
}
