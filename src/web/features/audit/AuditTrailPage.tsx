import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  ExportButtons,
  ListBody,
  ListEmpty,
  ListHeader,
  useListSearch,
} from '../../lib/lists/listPage';
import { AUDIT_TABLE } from '../../lib/pending/pendingShapes';
import { TableSkeleton } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { AuditTrailSearch } from './auditSearch';
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
  const list = useListSearch(AuditTrailSearch);
  const { search } = list;
  const query = useQuery(auditEventsQuery(search));
  const verify = useVerifyChain();

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="Every change made in RevDesk, newest first. Rows are never changed or deleted, and each is chained to the one before it."
      >
        <VerifyChainButton verify={verify} />
        <ExportButtons hrefOf={(format) => auditExportUrl(search, format)} />
      </ListHeader>

      <VerifyChainResult verify={verify} />

      <AuditFilters search={search} onChange={list.setFilters} onClear={list.clearFilters} />

      <ListBody
        query={query}
        what="The audit trail"
        skeleton={<TableSkeleton {...AUDIT_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            filtered={list.hasFilters}
            onClear={list.clearFilters}
            noMatch="No audit rows match these filters."
            noMatchHint="Check the actor's username or the dates, or clear the filters to see the whole trail."
            none="Nothing has been recorded yet."
          />
        }
      >
        {(data) => (
          <AuditTable
            data={data}
            isFetching={query.isFetching}
            onPageChange={list.onPageChange}
            onPageSizeChange={list.onPageSizeChange}
          />
        )}
      </ListBody>
    </Stack>
  );
}
