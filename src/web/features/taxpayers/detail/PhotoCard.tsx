import { Center, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { ImageUploadCard } from '../../../lib/forms/ImageUploadCard';
import { PHOTO_TYPES, photoProblem } from '../../../lib/forms/photo';
import { taxpayerKeys, taxpayerPhotoUrl } from '../queries';

/** The taxpayer's photo (or passport picture of a company's contact), and its upload. */
export function PhotoCard({ view, canUpload }: { view: TaxpayerView; canUpload: boolean }) {
  const queryClient = useQueryClient();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Photo">
      <ImageUploadCard<TaxpayerView>
        preview={
          view.hasPhoto ? (
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
          )
        }
        accept={PHOTO_TYPES}
        problemOf={photoProblem}
        upload={{
          url: `/api/v1/taxpayers/${view.btin}/photo`,
          field: 'photo',
          onSaved: (updated) => {
            queryClient.setQueryData(taxpayerKeys.one(view.btin), updated);
            void queryClient.invalidateQueries({ queryKey: taxpayerKeys.history(view.btin) });
          },
          notice: { title: 'Photo saved', message: 'The new photo is on the record.' },
        }}
        notSavedTitle="Photo not saved"
        uploadLabel={view.hasPhoto ? 'Replace photo' : 'Upload photo'}
        hint="JPEG, PNG or WebP, up to 2 MB."
        canUpload={canUpload}
      />
    </Paper>
  );
}
