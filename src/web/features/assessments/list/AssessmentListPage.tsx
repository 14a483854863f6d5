import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArchive, IconFilePlus, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { NoAccess } from '../../pages/NoAccess';
import { DEFAULT_PAGE_SIZE } from '../../taxpayers/listSearch';
import { ASSESSMENT_FILTER_KEYS, AssessmentListSearch } from '../common/assessmentSearch';
import { assessmentExportUrl, assessmentListQuery } from '../common/queries';
import { AssessmentFilters } from './AssessmentFilters';
import { AssessmentTable } from './AssessmentTable';
import { AssessmentTotals } from './AssessmentTotals';
import { useMayWorkOnKind } from './access';
import { KIND_LIST } from './kinds';
import { ASSESSMENT_TABLE } from './pending';

/** /birs/taxs/direct-assessment (SPEC.md §2 OFFICER_DA). */
export function DirectAssessmentsPage() {
  return <AssessmentListPage kind="direct" />;
}

/** /birs/taxs/presumptive-tax (SPEC.md §2 OFFICER_PA). */
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
  const navigate = useNavigate();
  const search = AssessmentListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(assessmentListQuery(kind, search));
  const canCreate = useMayWorkOnKind('assessment:create', kind);
  const canCapture = useMayWorkOnKind('assessment:backlog', kind);

  const setSearch = useSetListSearch<AssessmentListSearch>();
  const clearFilters = () =>
    setSearch(clearedFilters<AssessmentListSearch>([...ASSESSMENT_FILTER_KEYS, 'page']));
  const hasFilters = ASSESSMENT_FILTER_KEYS.some((key) => search[key] !== undefined);
  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {meta.title}
          </Title>
          <Text size="sm" c="dimmed">
            The {meta.noun} of the taxpayers you work with, newest first. Open one to issue its
            notice, raise its bill or record an objection.
          </Text>
        </Stack>
        <Group gap="sm">
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
        </Group>
      </Group>

      <AssessmentFilters
        kind={kind}
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The assessments"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <AssessmentTotals totals={list.data?.totals} />
          {list.isPending ? (
            <TableSkeleton {...ASSESSMENT_TABLE} withPage={false} />
          ) : isEmpty ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="sm">
                <IconSearchOff size={32} aria-hidden="true" />
                {hasFilters ? (
                  <>
                    <Text fw={600}>No {meta.noun} match these filters.</Text>
                    <Text size="sm" c="dimmed" ta="center">
                      Check the BTIN, name or notice number and the dates, or clear the filters to
                      see every one you may read.
                    </Text>
                    <Button variant="light" onClick={clearFilters}>
                      Clear filters
                    </Button>
                  </>
                ) : (
                  <>
                    <Text fw={600}>There are no {meta.noun} yet.</Text>
                    <Text size="sm" c="dimmed" ta="center">
                      {canCreate
                        ? 'Start one with “New assessment”, or enter a past year already paid with “Capture backlog”.'
                        : 'They appear here once an assessing officer creates one.'}
                    </Text>
                  </>
                )}
              </Stack>
            </Paper>
          ) : (
            <AssessmentTable
              label={meta.title}
              data={list.data}
              isFetching={list.isFetching}
              emptyText={`No ${meta.noun} on this page`}
              onOpen={(row) => void navigate({ to: `${base}/taxs/assessment/${row.id}` })}
              sorting={{
                sort: search.sort ?? '-createdAt',
                onChange: (sort) =>
                  setSearch({ sort: sort === '-createdAt' ? undefined : sort, page: undefined }),
              }}
              onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
              onPageSizeChange={(pageSize) =>
                setSearch({
                  pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
                  page: undefined,
                })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
