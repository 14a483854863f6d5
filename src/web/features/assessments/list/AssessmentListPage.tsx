import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { AssessmentListSearch } from '../common/assessmentSearch';
import { assessmentExportUrl, assessmentListQuery } from '../common/queries';
import { AssessmentFilters } from './AssessmentFilters';
import { AssessmentTable } from './AssessmentTable';
import { AssessmentTotals } from './AssessmentTotals';
import { useMayWorkOnKind } from './access';
import { KIND_LIST } from './kinds';
import { ASSESSMENT_TABLE } from './pending';

/** /birs/taxs/direct-assessment (docs/product.md §2 OFFICER_DA). */
export function DirectAssessmentsPage() {
  return <AssessmentListPage kind="direct" />;
}

/** /birs/taxs/presumptive-tax (docs/product.md §2 OFFICER_PA). */
export function PresumptiveAssessmentsPage() {
  return <AssessmentListPage kind="presumptive" />;
}

/** One kind's assessments, by the officer's filters, with the totals of the filtered set. */
export function AssessmentListPage({ kind }: { kind: AssessmentKind }) {
  const canRead = usePermission('assessment:read');
  if (!canRead) return <NoAccess title={KIND_LIST[kind].title} />;
  return <AssessmentList kind={kind} />;
}

function AssessmentList({ kind }: { kind: AssessmentKind }) {
  const meta = KIND_LIST[kind];
  useDocumentTitle(`${meta.title} · RevDesk`);
  const base = useShellBase();
  const list = useListSearch(AssessmentListSearch);
  const { search } = list;
  const query = useQuery(assessmentListQuery(kind, search));
  const canCreate = useMayWorkOnKind('assessment:create', kind);
  const canCapture = useMayWorkOnKind('assessment:backlog', kind);

  return (
    <Stack gap="lg">
      <ListHeader
        title={meta.title}
        description={`The ${meta.noun} of the taxpayers you work with, newest first. Open one to issue its notice, raise its bill or record an objection.`}
      >
        {canCreate && (
          <Button
            component={Link}
            to={`${base}/${meta.newPath}`}
            leftSection={<IconFilePlus size={16} aria-hidden="true" />}
          >
            New assessment
          </Button>
        )}
        {canCapture && (
          <Button
            component={Link}
            to={`${base}/${meta.capturePath}`}
            variant="default"
            leftSection={<IconArchive size={16} aria-hidden="true" />}
          >
            Capture backlog
          </Button>
        )}
        <ExportButtons hrefOf={(format) => assessmentExportUrl(kind, search, format)} />
      </ListHeader>

      <AssessmentFilters
        kind={kind}
        search={search}
        onChange={list.setFilters}
        onClear={list.clearFilters}
      />

      <ListBody
        query={query}
        what="The assessments"
        totals={(data) => <AssessmentTotals totals={data?.totals} />}
        skeleton={<TableSkeleton {...ASSESSMENT_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch={`No ${meta.noun} match these filters.`}
            noMatchHint="Check the BTIN, name or notice number and the dates, or clear the filters to see every one you may read."
            none={`There are no ${meta.noun} yet.`}
            noneHint={
              <Text size="sm" c="dimmed" ta="center">
                {canCreate
                  ? 'Start one with “New assessment”, or enter a past year already paid with “Capture backlog”.'
                  : 'They appear here once an assessing officer creates one.'}
              </Text>
            }
          />
        }
      >
        {(data) => (
          <AssessmentTable
            label={meta.title}
            data={data}
            isFetching={query.isFetching}
            emptyText={`No ${meta.noun} on this page`}
            recordHref={(row) => `${base}/taxs/assessment/${row.id}`}
            sorting={{
              sort: search.sort ?? '-createdAt',
              onChange: (sort) => list.setSort(sort, '-createdAt'),
            }}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>
    </Stack>
  );
}
