import { Button, Code, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { dayInFigures } from '../../../../shared/dates';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { JobProgressBar } from '../../../lib/uploads/JobProgressBar';
import { SpreadsheetFileInput } from '../../../lib/uploads/SpreadsheetFileInput';
import {
  isSettlementDone,
  settlementQuery,
  settlementResultUrl,
  uploadSettlementFile,
} from './queries';
import { SettlementResults } from './SettlementResults';

const TITLE = 'Benjis Multiple Transactions';

/**
 * docs/product.md §2 transactions/benjis-multiple (OFFICER_BENJIS): upload the provider's
 * settlement file, follow the comparison, read each row's outcome, confirm the rows RevDesk
 * lacks, and download the result (docs/pos-settlement.md). The job id is in the URL, so a
 * reload or a shared link shows the same file.
 */
export function PosSettlementPage() {
  const canSettle = usePermission('pos:settle');
  if (!canSettle) return <NoAccess title={TITLE} />;
  return <Settlement />;
}

function Settlement() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const search = useSearch({ strict: false }) as { job?: string };
  const navigate = useNavigate();
  const setJob = (job: string | undefined) =>
    void navigate({ to: '.', search: { job } as never, replace: false } as never);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Upload the provider's settlement file to see, line by line, what RevDesk already holds.
        </Text>
      </Stack>
      {search.job ? (
        <SettlementOutcome jobId={search.job} onAnother={() => setJob(undefined)} />
      ) : (
        <UploadForm onQueued={setJob} />
      )}
    </Stack>
  );
}

function UploadForm({ onQueued }: { onQueued: (jobId: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useMutation({
    mutationFn: uploadSettlementFile,
    onSuccess: (accepted) => onQueued(accepted.jobId),
  });
  return (
    <Paper withBorder p="md">
      <form
        noValidate
        aria-label="Upload a settlement file"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) {
            setError('Choose the settlement file');
            return;
          }
          upload.mutate(file);
        }}
      >
        <Stack gap="md">
          <Text size="sm">One approved transaction per line, under this header:</Text>
          <List size="sm" spacing={2}>
            <List.Item>
              <Code>terminal_id</Code>, <Code>stan</Code>, <Code>rrn</Code>, <Code>amount</Code>{' '}
              (naira, e.g. 1500.00) and <Code>transaction_time</Code> (Lagos time, e.g. 2026-04-14
              09:30:00).
            </List.Item>
            <List.Item>
              Optionally <Code>payer_name</Code>, <Code>payer_phone</Code> and{' '}
              <Code>revenue_head_code</Code>.
            </List.Item>
            <List.Item>A .csv or .xlsx file of at most 50,000 transactions and 12 MB.</List.Item>
          </List>
          <SpreadsheetFileInput
            label="Settlement file"
            placeholder="Choose a .csv or .xlsx file"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setError(undefined);
              upload.reset();
            }}
            error={error}
          />
          {upload.isError && (
            <CheckFailureAlert title="The file was not accepted" error={upload.error} />
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={upload.isPending}
              leftSection={<IconUpload size={18} aria-hidden="true" />}
            >
              Upload and compare
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SettlementOutcome({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const job = useQuery(settlementQuery(jobId));
  if (job.isError) {
    return (
      <Stack gap="sm">
        <CheckFailureAlert title="This settlement file cannot be shown" error={job.error} />
        <Group>
          <Button onClick={onAnother}>Upload a file</Button>
        </Group>
      </Stack>
    );
  }
  const data = job.data;
  if (!data) return <Progress value={0} aria-label="Loading" animated />;
  const isDone = isSettlementDone(data);
  const percent = data.total === 0 ? 100 : Math.round((data.done / data.total) * 100);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {data.fileName}
            </Text>
            <Text size="sm" c="dimmed">
              {data.firstDay && data.lastDay
                ? data.firstDay === data.lastDay
                  ? dayInFigures(data.firstDay)
                  : `${dayInFigures(data.firstDay)} – ${dayInFigures(data.lastDay)}`
                : ''}
            </Text>
          </Group>
          <JobProgressBar percent={percent} label="Lines compared" isDone={isDone}>
            {data.status === 'failed'
              ? (data.error ?? 'The comparison failed.')
              : isDone
                ? `Compared all ${data.total.toLocaleString('en-NG')} lines.`
                : `Comparing: ${data.done.toLocaleString('en-NG')} of ${data.total.toLocaleString('en-NG')} lines…`}
          </JobProgressBar>
        </Stack>
      </Paper>
      {isDone && data.status === 'succeeded' && <SettlementResults job={data} />}
      <Group>
        {isDone && (
          <Button
            component="a"
            href={settlementResultUrl(jobId)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download the result
          </Button>
        )}
        <Button variant="default" onClick={onAnother}>
          Upload another file
        </Button>
      </Group>
    </Stack>
  );
}
