import { Alert, Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  STAMP_SCAN_MAX_BYTES,
  type StampInstrumentDetail,
} from '../../../../shared/stampDuty/schemas';
import { api } from '../../../lib/api/api';
import { usePermission } from '../../../lib/routing/usePermission';
import { stampKeys } from '../queries';

/** What the picker offers: the server checks the bytes again (PDF, JPEG or PNG). */
const ACCEPT = 'application/pdf,image/jpeg,image/png';

const KIND: Record<NonNullable<StampInstrumentDetail['scanContentType']>, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
};

export const stampScanUrl = (id: string) =>
  `/api/v1/stamp-duty/instruments/${encodeURIComponent(id)}/scan`;

/**
 * The scan of the instrument as presented for stamping: a link to download it once attached,
 * and "Attach scan" (replacing the earlier one) for an officer who writes, until cancelled.
 */
export function InstrumentScan({ instrument: i }: { instrument: StampInstrumentDetail }) {
  const queryClient = useQueryClient();
  const mayAttach = usePermission('stamp-duty:write') && i.status !== 'cancelled';
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<StampInstrumentDetail>(stampScanUrl(i.id), body);
    },
    onSuccess: async (updated) => {
      setProblem(null);
      queryClient.setQueryData(stampKeys.detail(i.id), updated);
      await queryClient.invalidateQueries({ queryKey: stampKeys.lists() });
    },
    onError: (error) => setProblem(error.message),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size === 0) {
      setProblem(`${file.name} is empty: choose the file again.`);
      return;
    }
    if (file.size > STAMP_SCAN_MAX_BYTES) {
      setProblem(`${file.name} is larger than 5 MB: scan it at a lower resolution.`);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Scan of the instrument
        </Title>
        {i.scanContentType ? (
          <Group gap="xs">
            <IconDownload size={16} aria-hidden="true" />
            <Anchor href={stampScanUrl(i.id)}>Download the scan ({KIND[i.scanContentType]})</Anchor>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No scan is attached to this instrument.
          </Text>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" title="The scan was not attached">
            {problem}
          </Alert>
        )}
        {mayAttach && (
          <Group gap="sm" wrap="wrap">
            <FileButton onChange={choose} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                  loading={upload.isPending}
                >
                  {i.scanContentType ? 'Replace scan' : 'Attach scan'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              A PDF, JPEG or PNG, up to 5 MB.
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
