import '../../styles/forms.css';
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../shared/money';
import { SSC_CATEGORIES, SSC_SCHEDULE_MAX_ROWS, type SscCategory } from '../../../shared/ssc/enums';
import type { SscRowProblem } from '../../../shared/ssc/file';
import type { SscScheduleView } from '../../../shared/ssc/views';
import { isApiError } from '../../lib/api';
import { NoAccess } from '../../lib/NoAccess';
import { usePermission } from '../../lib/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { CheckFailureAlert } from '../rrr-checks/CheckParts';
import { SSC_TEMPLATE_URL, sscKeys, uploadSscSchedule } from './queries';
import { ScheduleFields, useScheduleFields } from './ScheduleFields';
import { monthText } from './SscTable';

/** The rows a 422 named (`details.rows`), if the refusal was about rows. */
function rowProblemsOf(error: unknown): SscRowProblem[] {
  if (!isApiError(error) || error.code !== 'INVALID_FILE') return [];
  const rows = (error.details as { rows?: SscRowProblem[] } | undefined)?.rows;
  return Array.isArray(rows) ? rows : [];
}

/**
 * ssc/upload (RevDesk's own, ADMIN): an MDA's monthly SSC schedule from a CSV or XLSX file. A
 * refused file lists every row and column to fix; nothing is stored until the whole file is
 * right. A corrected file for the same MDA, category and month replaces an unbilled schedule.
 */
export function SscUploadPage() {
  const canWrite = usePermission('ssc:write');
  if (!canWrite) return <NoAccess title="Upload SSC Schedule" />;
  return <UploadForm />;
}

function UploadForm() {
  useDocumentTitle('Upload SSC Schedule · RevDesk');
  const base = useShellBase();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { category?: string };
  const fields = useScheduleFields(
    (SSC_CATEGORIES as readonly string[]).includes(search.category ?? '')
      ? (search.category as SscCategory)
      : null,
  );
  const { mdaId, category, month } = fields;
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [stored, setStored] = useState<SscScheduleView | null>(null);

  const upload = useMutation({
    mutationFn: uploadSscSchedule,
    onSuccess: (view) => {
      setStored(view);
      void queryClient.invalidateQueries({ queryKey: sscKeys.all });
    },
  });
  const problems = rowProblemsOf(upload.error);

  const submit = () => {
    const found = {
      ...fields.check(),
      file: file ? undefined : 'Choose a .csv or .xlsx file',
    };
    setErrors(found);
    if (file && mdaId && category && !Object.values(found).some(Boolean)) {
      setStored(null);
      upload.mutate({ file, mdaId, category, month });
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Upload SSC Schedule
      </Title>
      <Paper withBorder p="md">
        <form
          noValidate
          aria-label="Upload an SSC schedule"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              One person per row under the header <Code>staff_id</Code>, <Code>name</Code>,{' '}
              <Code>grade_level</Code> (1 to 17, e.g. 8 or GL 08) and <Code>gross_monthly_pay</Code>{' '}
              (naira, e.g. 150000.00); at most {SSC_SCHEDULE_MAX_ROWS.toLocaleString('en-NG')}{' '}
              people and 5 MB. A corrected file for the same MDA, category and month replaces the
              schedule until it is billed.
            </Text>
            <Anchor href={SSC_TEMPLATE_URL} download size="sm">
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden="true" />
                Download the template
              </Group>
            </Anchor>
            <Anchor component={Link} to={`${base}/ssc/entry`} size="sm">
              Enter staff one by one instead
            </Anchor>
            <ScheduleFields fields={fields} errors={errors} />
            <FileInput
              label="Schedule file"
              placeholder="Choose a .csv or .xlsx file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              withAsterisk
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                upload.reset();
              }}
              error={errors.file}
            />
            {upload.isError && (
              <CheckFailureAlert title="The schedule was not accepted" error={upload.error} />
            )}
            {problems.length > 0 && <RowProblems problems={problems} />}
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={upload.isPending}
                leftSection={<IconUpload size={18} aria-hidden="true" />}
              >
                Upload schedule
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {stored && (
        <Alert color="green" variant="light" title="Schedule stored" role="status">
          <Stack gap={4}>
            <Text size="sm">
              {stored.mda.name}, {monthText(stored.month)}: {stored.staffCount} staff, levy{' '}
              {formatKoboAsNaira(stored.levyKobo)}
              {stored.replacedTimes > 0 ? ' (replaced the schedule sent before)' : ''}.
            </Text>
            <Anchor component={Link} to={`${base}/ssc/schedules/${stored.id}`} size="sm">
              Open the schedule
            </Anchor>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** Every row and column to fix, as the server named them. */
function RowProblems({ problems }: { problems: SscRowProblem[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder aria-label="Rows to fix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>What to change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p) => (
            <Table.Tr key={`${p.line}-${p.field}`}>
              <Table.Td>{p.line}</Table.Td>
              <Table.Td>{p.field}</Table.Td>
              <Table.Td>{p.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
