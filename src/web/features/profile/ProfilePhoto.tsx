import { Alert, Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileView } from '../../../shared/officers';
import { api } from '../../lib/api';
import { PHOTO_TYPES, photoProblem } from '../../lib/photo';
import { profileKeys, profilePhotoUrl } from './queries';

/** The officer's profile picture (docs/product.md §7 POST file/), checked as taxpayers' photos are. */
export function ProfilePhoto({ profile }: { profile: ProfileView }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('photo', file);
      return api.post<ProfileView>('/api/v1/profile/photo', body);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(profileKeys.profile, updated);
      notifications.show({
        color: 'green',
        title: 'Picture saved',
        message: 'Your new profile picture is saved.',
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
  const initials = `${profile.firstName[0] ?? ''}${profile.surname[0] ?? ''}`.toUpperCase();

  return (
    <Stack align="center" gap="sm">
      <Avatar
        src={profile.photoVersion ? profilePhotoUrl(profile.photoVersion) : null}
        alt={
          profile.hasPhoto
            ? `Profile picture of ${profile.firstName} ${profile.surname}`
            : undefined
        }
        size={120}
        radius={120}
        color="blue"
      >
        {initials}
      </Avatar>
      {problem && (
        <Alert color="red" variant="light" role="alert" title="Picture not saved">
          {problem}
        </Alert>
      )}
      <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            loading={upload.isPending}
          >
            {profile.hasPhoto ? 'Replace picture' : 'Upload picture'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        JPEG, PNG or WebP, up to 2 MB.
      </Text>
    </Stack>
  );
}
