import { Alert, Button, Center, FileButton, Image, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { api } from '../../../lib/api';
import { PHOTO_TYPES, photoProblem } from '../../../lib/photo';
import { taxpayerKeys, taxpayerPhotoUrl } from '../queries';

/** The taxpayer's photo (or passport picture of a company's contact), and its upload. */
export function PhotoCard({ view, canUpload }: { view: TaxpayerView; canUpload: boolean }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('photo', file);
      return api.post<TaxpayerView>(`/api/v1/taxpayers/${view.btin}/photo`, body);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(taxpayerKeys.one(view.btin), updated);
      void queryClient.invalidateQueries({ queryKey: taxpayerKeys.history(view.btin) });
      notifications.show({
        color: 'green',
        title: 'Photo saved',
        message: 'The new photo is on the record.',
      });
    },
    onError: (error) => setProblem(error.message),
  });

  const choose = (file: File | null) => {
    if (!file) return;
    const found = photoProblem(file);
    setProblem(found);
    if (!found) upload.mutate(file);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Photo">
      <Stack gap="sm">
        {view.hasPhoto ? (
          <Image
            src={taxpayerPhotoUrl(view.btin, view.version)}
            alt={`Photo of ${view.displayName}`}
            radius="sm"
            fit="contain"
            mah={260}
          />
        ) : (
          <Center h={180} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Stack align="center" gap={4}>
              <IconPhoto size={40} aria-hidden="true" />
              <Text size="sm" c="dimmed">
                No photo yet
              </Text>
            </Stack>
          </Center>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" title="Photo not saved">
            {problem}
          </Alert>
        )}
        {canUpload && (
          <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                loading={upload.isPending}
              >
                {view.hasPhoto ? 'Replace photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
        )}
        {canUpload && (
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 2 MB.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
