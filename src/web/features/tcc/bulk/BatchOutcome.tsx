import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TccBatchRowView } from '../../../../shared/tcc/bulk';
import { ListTable } from '../../../lib/lists/ListTable';
import { CheckFailureAlert } from '../../rrr-checks/CheckParts';
import { isBatchDone, tccBatchQuery, tccBatchResultUrl, tccBatchRowsQuery } from './queries';

const PAGE_SIZES = [10, 25, 50] as const;

/** How far the job is, polled until it ends; then the counts, the failed rows and the file. */
export function BatchOutcome({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const batch = useQuery(tccBatchQuery(jobId));
  const data = batch.data;
  const isDone = isBatchDone(data);
  const percent = data && data.total > 0 ? Math.floor((data.done * 100) / data.total) : 0;
  const count = (n: number) => n.toLocaleString('en-NG');

  return (
    <Stack gap="md">
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {data.status === 'queued'
              ? `${data.fileName}: waiting to start…`
              : `${data.fileName}${data.mda ? ` (${data.mda.name})` : ''}: ${count(data.done)} of ${count(data.total)} employees processed`}
          </Text>
          <Progress
            value={percent}
            size="lg"
            striped={!isDone}
            animated={!isDone}
            color={data.status === 'failed' ? 'red.8' : undefined}
            aria-label="Employees processed"
          />
          <SimpleGrid cols={3} spacing="xs" aria-label="Rows by outcome">
            <Text size="sm">
              Rows: <strong>{count(data.total)}</strong>
            </Text>
            <Text size="sm">
              Generated: <strong>{count(data.generated)}</strong>
            </Text>
            <Text size="sm">
              Failed: <strong>{count(data.failed)}</strong>
            </Text>
          </SimpleGrid>
        </>
      )}
      {batch.isPending && <Text size="sm">Starting…</Text>}
      {batch.isError && (
        <CheckFailureAlert
          title="RevDesk could not say how far the upload is"
          error={batch.error}
        />
      )}
      {!isDone && !batch.isError && (
        <Text size="sm" c="dimmed">
          You may leave this page: the certificates are generated at the server. Stay to see the
          rows that failed and download the outcomes.
        </Text>
      )}
      {data?.status === 'succeeded' && (
        <Alert
          color="revenue"
          variant="light"
          role="alert"
          title="Process Successful!"
          icon={<IconCircleCheck size={18} aria-hidden="true" />}
        >
          {count(data.generated)} certificate{data.generated === 1 ? '' : 's'} generated and sent to
          the Director of Assessment; {count(data.failed)} row{data.failed === 1 ? '' : 's'} failed.
        </Alert>
      )}
      {data?.status === 'failed' && (
        <CheckFailureAlert
          title="Process Failed"
          error={new Error(data.error ?? 'The upload stopped before the end.')}
        />
      )}
      {isDone && data && data.failed > 0 && <FailedRows jobId={jobId} />}
      {isDone && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            Upload another file
          </Button>
          <Button
            component="a"
            href={tccBatchResultUrl(jobId)}
            download
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            Download outcomes
          </Button>
        </Group>
      )}
    </Stack>
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
