import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TccBatchRowView } from '../../../../shared/tcc/bulk';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { ListTable } from '../../../lib/lists/ListTable';
import { BatchJobProgress } from '../../../lib/uploads/BatchJobProgress';
import { tccBatchQuery, tccBatchResultUrl, tccBatchRowsQuery } from './queries';

const PAGE_SIZES = [10, 25, 50] as const;

/** How far the job is, polled until it ends; then the counts, the failed rows and the file. */
export function BatchOutcome({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const batch = useQuery(tccBatchQuery(jobId));
  const count = (n: number) => n.toLocaleString('en-NG');
  return (
    <BatchJobProgress
      job={batch}
      doneOf={(data) => data.done}
      runningText={(data) =>
        `${data.fileName}${data.mda ? ` (${data.mda.name})` : ''}: ${count(data.done)} of ${count(data.total)} employees processed`
      }
      progressLabel="Employees processed"
      countsOf={(data) => [
        ['Rows', count(data.total)],
        ['Generated', count(data.generated)],
        ['Failed', count(data.failed)],
      ]}
      startingText="Starting…"
      unfollowedTitle="RevDesk could not say how far the upload is"
      carryOnText="You may leave this page: the certificates are generated at the server. Stay to see the rows that failed and download the outcomes."
      succeededText={(data) =>
        `${count(data.generated)} certificate${data.generated === 1 ? '' : 's'} generated and sent to the Director of Assessment; ${count(data.failed)} row${data.failed === 1 ? '' : 's'} failed.`
      }
      stoppedText="The upload stopped before the end."
      anotherLabel="Upload another file"
      onAnother={onAnother}
      result={{ href: tccBatchResultUrl(jobId), label: 'Download outcomes', evenWhenFailed: true }}
    >
      {batch.data && batch.data.failed > 0 && <FailedRows jobId={jobId} />}
    </BatchJobProgress>
  );
}

/** The rows that failed, with why, a page at a time. */
function FailedRows({ jobId }: { jobId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const rows = useQuery(tccBatchRowsQuery(jobId, 'failed', page, pageSize));
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Rows that failed
      </Title>
      {rows.isError && (
        <CheckFailureAlert title="The failed rows did not load" error={rows.error} />
      )}
      <ListTable<TccBatchRowView>
        label="Rows that failed"
        sortedBy="line of the file"
        idAccessor="lineNumber"
        columns={[
          { accessor: 'lineNumber', title: 'Line', width: 70 },
          { accessor: 'btin', title: 'BTIN', width: 130 },
          { accessor: 'staffNumber', title: 'Staff number', render: (r) => r.staffNumber ?? '—' },
          { accessor: 'message', title: 'Why it failed' },
        ]}
        cards={{
          title: (r) => `Line ${r.lineNumber}: ${r.btin || 'no BTIN'}`,
          fields: [{ label: 'Why it failed', render: (r) => r.message ?? '' }],
        }}
        data={{ items: rows.data?.items ?? [], total: rows.data?.total ?? 0, page, pageSize }}
        fetching={rows.isFetching}
        loadingText="Loading the failed rows…"
        noRecordsText="No row failed"
        pageSizes={PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}
