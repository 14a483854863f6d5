import { Anchor, Button, Code, Group, List, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { checkMdasQuery } from '../../lib/api/mdaOptions';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { ProcessFailedAlert } from '../../lib/uploads/BatchJobProgress';
import { SpreadsheetFileInput } from '../../lib/uploads/SpreadsheetFileInput';
import { BatchProgress } from './BatchProgress';
import { uploadBatch } from './queries';
import { downloadSampleCsv } from './sampleCsv';
import { batchFileError } from './validation';

/**
 * The body of "Check RRR (Multiple)" (docs/product.md §2, §5, §8): one .csv file checked by a
 * background job, its progress polled, its results downloaded. Closing unmounts it (the job
 * goes on at the server).
 */
export function BatchCheckDialog({ onClose }: { onClose: () => void }) {
  const mdas = useQuery(checkMdasQuery());
  const [file, setFile] = useState<File | null>(null);
  const [mdaId, setMdaId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadBatch(chosen, mdaId),
    onSuccess: (accepted) => setJobId(accepted.jobId),
  });

  const startAgain = () => {
    setJobId(null);
    setFile(null);
    setFileError(null);
    upload.reset();
  };

  if (jobId) {
    return (
      <Stack gap="md">
        <BatchProgress jobId={jobId} onAnother={startAgain} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label="Check a file of RRRs"
      onSubmit={(event) => {
        event.preventDefault();
        const error = batchFileError(file);
        setFileError(error);
        if (!error && file) upload.mutate(file);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Upload one <strong>.csv</strong> file whose first line is the header <Code>rrr</Code>,
          with an optional <Code>mdaCode</Code> column:
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>one RRR of 12 digits per row (dashes or spaces are fine);</List.Item>
          <List.Item>
            <Code>mdaCode</Code> says whose Remita credentials to check a row with; rows without one
            use the MDA chosen below;
          </List.Item>
          <List.Item>at most 10,000 rows and 2 MB.</List.Item>
        </List>
        <Anchor component="button" type="button" size="sm" onClick={downloadSampleCsv}>
          Download a sample CSV
        </Anchor>
        {mdas.isError && <CheckFailureAlert title="The MDA list did not load" error={mdas.error} />}
        <Select
          label="MDA for rows without an mdaCode"
          placeholder={mdas.isPending ? 'Loading MDAs…' : 'Optional'}
          data={mdas.data ?? []}
          value={mdaId}
          onChange={setMdaId}
          searchable
          clearable
          nothingFoundMessage={mdas.isPending ? 'Loading MDAs…' : 'No MDA matches'}
          // The first field takes focus on open; not disabled while loading (RrrCheckDialog).
          data-autofocus
          openOnFocus={false}
        />
        <SpreadsheetFileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(chosen ? batchFileError(chosen) : null);
            upload.reset();
          }}
          error={fileError}
        />
        {upload.isError && <ProcessFailedAlert error={upload.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Upload and check
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
