import '../../../styles/forms.css';
import { Anchor, Button, Code, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  SSC_CATEGORIES,
  SSC_SCHEDULE_MAX_ROWS,
  type SscCategory,
} from '../../../../shared/ssc/enums';
import type { SscRowProblem } from '../../../../shared/ssc/file';
import type { SscScheduleView } from '../../../../shared/ssc/views';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { RefusedRows } from '../../../lib/uploads/RefusedRows';
import { SpreadsheetFileInput } from '../../../lib/uploads/SpreadsheetFileInput';
import { useShellBase } from '../../../shell/shellPaths';
import { SSC_TEMPLATE_URL, sscKeys, uploadSscSchedule } from '../queries';
import { ScheduleFields, useScheduleFields } from './ScheduleFields';
import { SchedulePage } from './SchedulePage';

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
    <SchedulePage
      title="Upload SSC Schedule"
      formLabel="Upload an SSC schedule"
      onSubmit={submit}
      stored={stored}
    >
      <Text size="sm">
        One person per row under the header <Code>staff_id</Code>, <Code>name</Code>,{' '}
        <Code>grade_level</Code> (1 to 17, e.g. 8 or GL 08) and <Code>gross_monthly_pay</Code>{' '}
        (naira, e.g. 150000.00); at most {SSC_SCHEDULE_MAX_ROWS.toLocaleString('en-NG')} people and
        5 MB. A corrected file for the same MDA, category and month replaces the schedule until it
        is billed.
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
      <SpreadsheetFileInput
        label="Schedule file"
        placeholder="Choose a .csv or .xlsx file"
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
      <RefusedRows<SscRowProblem>
        error={upload.error}
        label="Rows to fix"
        whatToChange={(p) => p.message}
      />
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={upload.isPending}
          leftSection={<IconUpload size={18} aria-hidden="true" />}
        >
          Upload schedule
        </Button>
      </Group>
    </SchedulePage>
  );
}
