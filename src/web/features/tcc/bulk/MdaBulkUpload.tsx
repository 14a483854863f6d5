import {
  Anchor,
  Button,
  Code,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TCC_BATCH_MAX_ROWS } from '../../../../shared/tcc/enums';
import { checkMdasQuery } from '../../../lib/api/mdaOptions';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { SpreadsheetFileInput } from '../../../lib/uploads/SpreadsheetFileInput';
import { BatchOutcome } from './BatchOutcome';
import { payrollFileError } from './fileCheck';
import { TCC_BATCH_TEMPLATE_URL, uploadTccBatch } from './queries';

/**
 * Certificates for an MDA's employees in bulk (docs/product.md §2 taxs/generate-mda-tcc): choose the
 * MDA, pick its payroll file (CSV or XLSX in the template's format), upload; a background job
 * generates one certificate per row (docs/architecture.md §9 long work) while this panel shows its
 * progress, then the counts, the rows that failed and why, and the outcomes file.
 */
export function MdaBulkUpload() {
  const headingId = useId();
  const mdas = useQuery(checkMdasQuery());
  const [mdaId, setMdaId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ mda?: string; file?: string }>({});
  const [jobId, setJobId] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: ({ chosen, mda }: { chosen: File; mda: string }) => uploadTccBatch(chosen, mda),
    onSuccess: (accepted) => setJobId(accepted.jobId),
  });

  const startAgain = () => {
    setJobId(null);
    setFile(null);
    setErrors({});
    upload.reset();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          Many employees from a payroll file
        </Title>
        {jobId ? (
          <BatchOutcome jobId={jobId} onAnother={startAgain} />
        ) : (
          <form
            noValidate
            aria-label="Upload a payroll file"
            onSubmit={(event) => {
              event.preventDefault();
              const found = {
                ...(mdaId ? {} : { mda: 'Choose the MDA whose employees these are' }),
                ...(payrollFileError(file) ? { file: payrollFileError(file) ?? '' } : {}),
              };
              setErrors(found);
              if (!found.mda && !found.file && file && mdaId) {
                upload.mutate({ chosen: file, mda: mdaId });
              }
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                One employee per row, in the template's columns (the first line is the header):
              </Text>
              <List size="sm" spacing={2}>
                <List.Item>
                  <Code>btin</Code>, <Code>staff_number</Code>, <Code>purpose</Code> and{' '}
                  <Code>source_of_income</Code>. A purpose is loan, visa, contract, employment,
                  registration, land, or other with <Code>purpose_detail</Code>.
                </List.Item>
                <List.Item>
                  For each of the three years the certificate covers: <Code>year_N</Code>,{' '}
                  <Code>income_N</Code>, <Code>tax_N</Code> and <Code>paid_N</Code> in naira (e.g.
                  312000.00), with <Code>justification_N</Code> when a year is not fully paid.
                </List.Item>
                <List.Item>
                  An employee who holds an approved, unexpired certificate for the purpose is
                  refused, naming it, unless <Code>duplicate_reason</Code> says why a second is
                  needed. Tax paid that the ledger’s remittances do not show is flagged for the
                  approvers.
                </List.Item>
                <List.Item>
                  A .csv or .xlsx file of at most {TCC_BATCH_MAX_ROWS.toLocaleString('en-NG')}{' '}
                  employees and 5 MB.
                </List.Item>
              </List>
              <Anchor href={TCC_BATCH_TEMPLATE_URL} download size="sm">
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden="true" />
                  Download the template
                </Group>
              </Anchor>
              {mdas.isError && (
                <CheckFailureAlert title="The MDA list did not load" error={mdas.error} />
              )}
              <Select
                label="MDA"
                placeholder={mdas.isPending ? 'Loading MDAs…' : 'Choose the MDA'}
                data={mdas.data ?? []}
                value={mdaId}
                onChange={(value) => {
                  setMdaId(value);
                  setErrors((e) => ({ ...e, mda: undefined }));
                }}
                searchable
                withAsterisk
                nothingFoundMessage={mdas.isPending ? 'Loading MDAs…' : 'No MDA matches'}
                error={errors.mda}
              />
              <SpreadsheetFileInput
                label="Payroll file"
                placeholder="Choose a .csv or .xlsx file"
                value={file}
                onChange={(chosen) => {
                  setFile(chosen);
                  setErrors((e) => ({
                    ...e,
                    file: chosen ? (payrollFileError(chosen) ?? undefined) : undefined,
                  }));
                  upload.reset();
                }}
                error={errors.file}
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
                  Upload and generate
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
