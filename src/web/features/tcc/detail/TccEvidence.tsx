import { Alert, Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TCC_COMPLETED_STATUSES, TCC_GENERATE_PERMISSION } from '../../../../shared/tcc/enums';
import type { TccView } from '../../../../shared/tcc/views';
import { api, apiRequest } from '../../../lib/api/api';
import { ConfirmDialog } from '../../../lib/dialogs/ConfirmDialog';
import { formatLagosDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/routing/usePermission';
import { tccEvidencePath, tccEvidenceUrl, tccKeys } from '../common/queries';

/** What the upload takes: the server checks the bytes again (docs/decisions/0030-jobs-and-uploads.md). */
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type EvidenceFile = TccView['evidence'][number];

/**
 * The evidence files a certificate carries (a letter, a payslip, an ID), seen and downloaded
 * by every approver; the officer who generates its kind adds them, and removes one added in
 * error (after a confirmation), while it is being decided.
 */
export function TccEvidence({ view }: { view: TccView }) {
  const queryClient = useQueryClient();
  const mayAdd =
    usePermission(TCC_GENERATE_PERMISSION[view.kind]) &&
    !(TCC_COMPLETED_STATUSES as readonly string[]).includes(view.status);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<TccView>(tccEvidencePath(view.id), body);
    },
    onSuccess: (updated) => {
      setProblem(null);
      queryClient.setQueryData(tccKeys.detail(view.id), updated);
    },
    onError: (error) => setProblem(error.message),
  });
  // The file the officer asked to remove, while the confirmation is open.
  const [removing, setRemoving] = useState<EvidenceFile | null>(null);
  const remove = useMutation({
    mutationFn: (file: EvidenceFile) =>
      apiRequest<TccView>(tccEvidenceUrl(view.id, file.id), { method: 'DELETE' }),
    onSuccess: (updated) => {
      setRemoving(null);
      queryClient.setQueryData(tccKeys.detail(view.id), updated);
    },
  });
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setProblem(`${file.name} is larger than 5 MB: scan it at a lower resolution.`);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Evidence
        </Title>
        {view.evidence.length === 0 ? (
          <Text size="sm" c="dimmed">
            No evidence files were added to this certificate.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {view.evidence.map((file) => (
              <li key={file.id}>
                <Group gap="xs" wrap="wrap">
                  <IconDownload size={16} aria-hidden="true" />
                  <Anchor href={tccEvidenceUrl(view.id, file.id)} download={file.fileName}>
                    {file.fileName}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {sizeText(file.sizeBytes)} · added {formatLagosDateTime(file.uploadedAt)}
                    {file.uploadedBy ? ` by ${file.uploadedBy.name}` : ''}
                  </Text>
                  {mayAdd && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden="true" />}
                      aria-label={`Remove ${file.fileName}`}
                      onClick={() => {
                        remove.reset();
                        setRemoving(file);
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" title="The file was not added">
            {problem}
          </Alert>
        )}
        {mayAdd && (
          <Group gap="sm" wrap="wrap">
            <FileButton onChange={choose} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                  loading={upload.isPending}
                >
                  Add an evidence file
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              A PDF or an image (JPEG, PNG, WebP), up to 5 MB.
            </Text>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove the evidence file?"
        message={`${removing?.fileName ?? 'The file'} is deleted from certificate ${view.number}; the approvers will no longer see it. The audit trail keeps its name and who removed it.`}
        confirmLabel="Remove the file"
        color="red"
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
