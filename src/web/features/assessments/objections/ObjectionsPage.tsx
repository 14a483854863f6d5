import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import { Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { OBJECTION_STATUSES, type ObjectionStatus } from '../../../../shared/assessments/enums';
import type { ObjectionView } from '../../../../shared/assessments/views';
import { countActiveFilters, FilterBar } from '../../../lib/lists/filters';
import { ListLoadError, useSetListSearch } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { NoAccess } from '../../pages/NoAccess';
import { DEFAULT_PAGE_SIZE } from '../../taxpayers/listSearch';
import { objectionListQuery } from '../common/queries';
import { OBJECTION_STATUS_LABELS } from '../common/StatusBadges';
import { DecideObjectionModal } from './DecideObjectionModal';
import { ObjectionDrawer } from './ObjectionDrawer';
import { ObjectionTable } from './ObjectionTable';
import { ObjectionListSearch, objectionParams } from './objectionSearch';

const TITLE = 'Objections';

/**
 * taxs/objections (RevDesk's own page; domain/tax-rules.md: objected within 30 days of the
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
  const { objection: openId, ...search } = ObjectionListSearch.parse(useSearch({ strict: false }));
  const list = useQuery(objectionListQuery(objectionParams(search)));
  const canDecide = usePermission('objection:decide');
  const [deciding, setDeciding] = useState<ObjectionView | null>(null);
  const setSearch = useSetListSearch<ObjectionListSearch>();
  const clearFilters = () => setSearch({ status: undefined, page: undefined });
  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Taxpayers' objections to their assessments. Each must be answered within 90 days of
          filing: open ones come first, the closest to their deadline on top.
        </Text>
      </Stack>

      <FilterBar activeCount={countActiveFilters(search, ['status'])} onClear={clearFilters}>
        <Select
          label="Status"
          placeholder="Any status"
          data={OBJECTION_STATUSES.map((status) => ({
            value: status,
            label: OBJECTION_STATUS_LABELS[status],
          }))}
          clearable
          w={180}
          value={search.status ?? null}
          onChange={(status) =>
            setSearch({ status: (status as ObjectionStatus | null) ?? undefined, page: undefined })
          }
        />
      </FilterBar>

      {list.isError ? (
        <ListLoadError
          what="The objections"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton label="Loading the objections…" columns={8} withPage={false} />
      ) : isEmpty ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <IconMoodEmpty size={32} aria-hidden="true" />
            {search.status ? (
              <>
                <Text fw={600}>
                  No {OBJECTION_STATUS_LABELS[search.status].toLowerCase()} objections.
                </Text>
                <Button variant="light" onClick={clearFilters}>
                  Show every objection
                </Button>
              </>
            ) : (
              <Text fw={600}>No taxpayer has objected to an assessment yet.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <ObjectionTable
          data={list.data}
          isFetching={list.isFetching}
          canDecide={canDecide}
          onOpen={(objection) => setSearch({ objection: objection.id }, false)}
          onDecide={setDeciding}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({
              pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
              page: undefined,
            })
          }
        />
      )}

      <ObjectionDrawer
        objection={list.data?.items.find((objection) => objection.id === openId)}
        canDecide={canDecide}
        onDecide={(objection) => {
          setSearch({ objection: undefined });
          setDeciding(objection);
        }}
        onClose={() => setSearch({ objection: undefined })}
      />
      {deciding && <DecideObjectionModal objection={deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
