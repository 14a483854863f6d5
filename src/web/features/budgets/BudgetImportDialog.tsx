import { Anchor, Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BudgetRowProblem } from '../../../shared/budgets/file';
import { AppModal } from '../../lib/dialogs/AppModal';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { JobProgressBar } from '../../lib/uploads/JobProgressBar';
import { RefusedRows } from '../../lib/uploads/RefusedRows';
import { SpreadsheetFileInput } from '../../lib/uploads/SpreadsheetFileInput';
import {
  budgetImportQuery,
  budgetKeys,
  budgetTemplateUrl,
  importBudgetFile,
  isImportDone,
} from './queries';

/**
 * Import a year's budget from a file (docs/budgets.md "The import file"): the file and why,
 * then the job's progress; a refused file lists every line and column to fix, and nothing is
 * stored. Done: the page shows the new version.
 */
export function BudgetImportDialog(props: {
  year: number;
  onClose: () => void;
  onImported: (version: number) => void;
}) {
  const { year } = props;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const upload = useMutation({ mutationFn: importBudgetFile });
  const jobId = upload.data?.jobId;

  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={`Import the ${year} budget`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the import' }}
    >
      {jobId ? (
        <ImportProgress
          year={year}
          jobId={jobId}
          onDone={(version) => {
            void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
            props.onImported(version);
          }}
        />
      ) : (
        <form
          noValidate
          aria-label="Import a budget file"
          onSubmit={(event) => {
            event.preventDefault();
            setFileError(file ? undefined : 'Choose a .xlsx or .csv file');
            if (file) upload.mutate({ year, file, note });
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              One line per MDA and revenue head under the header <Code>MDA code</Code>,{' '}
              <Code>economic code</Code>, <Code>annual amount (₦)</Code> and, for a phasing of your
              own, <Code>Jan</Code> … <Code>Dec</Code> adding up to the annual amount; without
              months a line is phased evenly. The file becomes a new version of the year.
            </Text>
            <Group gap="md">
              <Anchor href={budgetTemplateUrl(year, 'xlsx')} download size="sm">
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden="true" />
                  Template (Excel)
                </Group>
              </Anchor>
              <Anchor href={budgetTemplateUrl(year, 'csv')} download size="sm">
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden="true" />
                  Template (CSV)
                </Group>
              </Anchor>
            </Group>
            <SpreadsheetFileInput
              label="Budget file"
              placeholder="Choose a .xlsx or .csv file"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                upload.reset();
              }}
              error={fileError}
              data-autofocus
            />
            <Textarea
              label="Why this version"
              description="e.g. Approved budget, Supplementary budget of July"
              maxLength={500}
              autosize
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            {upload.isError && (
              <CheckFailureAlert title="The file was not imported" error={upload.error} />
            )}
            <RefusedRows<BudgetRowProblem>
              error={upload.error}
              label="Lines to fix"
              whatToChange={(p) => p.problem}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={upload.isPending}
                leftSection={<IconUpload size={18} aria-hidden="true" />}
              >
                Import
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

function ImportProgress(props: { year: number; jobId: string; onDone: (version: number) => void }) {
  const job = useQuery(budgetImportQuery(props.year, props.jobId));
  const data = job.data;
  const { onDone } = props;
  const storedVersion = data?.status === 'succeeded' ? data.version : null;
  useEffect(() => {
    if (storedVersion !== null) onDone(storedVersion);
  }, [storedVersion, onDone]);
  if (job.isError)
    return <CheckFailureAlert title="The import cannot be followed" error={job.error} />;
  const percent = !data || data.total === 0 ? 0 : Math.round((data.done / data.total) * 100);
  return (
    <Stack gap="sm">
      <JobProgressBar percent={percent} label="Lines stored" isDone={isImportDone(data)}>
        {!data
          ? 'Starting…'
          : data.status === 'failed'
            ? (data.error ?? 'The import failed.')
            : data.status === 'succeeded'
              ? `Stored ${data.total.toLocaleString('en-NG')} lines as version ${data.version}.`
              : `Storing ${data.total.toLocaleString('en-NG')} lines…`}
      </JobProgressBar>
    </Stack>
  );
}
