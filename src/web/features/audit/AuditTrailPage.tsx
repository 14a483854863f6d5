import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  clearedFilters,
  ExportButtons,
  ListLoadError,
  useSetListSearch,
} from '../../lib/lists/listPage';
import { AUDIT_TABLE } from '../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { usePermission } from '../../lib/usePermission';
import { NoAccess } from '../pages/NoAccess';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import {
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_FILTER_KEYS,
  AuditTrailSearch,
  hasAuditFilters,
} from './auditSearch';
import { auditEventsQuery, auditExportUrl } from './queries';
import { useVerifyChain, VerifyChainButton, VerifyChainResult } from './VerifyChain';

const TITLE = 'Audit Trail';

/** /birs/taxs/audit-trail (ADR 0007): every change of state, who made it, and the chain's check. */
export function AuditTrailPage() {
  const canRead = usePermission('audit:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <AuditTrail />;
}

function AuditTrail() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const search = AuditTrailSearch.parse(useSearch({ strict: false }));
  const list = useQuery(auditEventsQuery(search));
  const verify = useVerifyChain();

  const setSearch = useSetListSearch<AuditTrailSearch>();
  const clearFilters = () =>
    setSearch(clearedFilters<AuditTrailSearch>([...AUDIT_FILTER_KEYS, 'page']));

  const isEmpty = list.data !== undefined && list.data.total === 0 && !list.isPlaceholderData;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Every change made in RevDesk, newest first. Rows are never changed or deleted, and each
            is chained to the one before it.
          </Text>
        </Stack>
        <Group gap="sm">
          <VerifyChainButton verify={verify} />
          <ExportButtons hrefOf={(format) => auditExportUrl(search, format)} />
        </Group>
      </Group>

      <VerifyChainResult verify={verify} />

      <AuditFilters
        search={search}
        onChange={(change) => setSearch({ ...change, page: undefined })}
        onClear={clearFilters}
      />

      {list.isError ? (
        <ListLoadError
          what="The audit trail"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <TableSkeleton {...AUDIT_TABLE} withPage={false} />
      ) : isEmpty ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <IconSearchOff size={32} aria-hidden="true" />
            {hasAuditFilters(search) ? (
              <>
                <Text fw={600}>No audit rows match these filters.</Text>
                <Text size="sm" c="dimmed">
                  Check the actor's username or the dates, or clear the filters to see the whole
                  trail.
                </Text>
                <Button variant="light" onClick={clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              <Text fw={600}>Nothing has been recorded yet.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <AuditTable
          data={list.data}
          isFetching={list.isFetching}
          onPageChange={(page) => setSearch({ page: page === 1 ? undefined : page }, false)}
          onPageSizeChange={(pageSize) =>
            setSearch({
              pageSize: pageSize === AUDIT_DEFAULT_PAGE_SIZE ? undefined : pageSize,
              page: undefined,
            })
          }
        />
      )}
    </Stack>
  );
}
