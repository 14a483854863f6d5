import { Avatar } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../../shared/officers';
import { ImageUploadCard } from '../../lib/forms/ImageUploadCard';
import { PHOTO_TYPES, photoProblem } from '../../lib/forms/photo';
import { profileKeys, profilePhotoUrl } from './queries';

/** The officer's profile picture (docs/product.md §7 POST file/), checked as taxpayers' photos are. */
export function ProfilePhoto({ profile }: { profile: ProfileView }) {
  const queryClient = useQueryClient();
  const initials = `${profile.firstName[0] ?? ''}${profile.surname[0] ?? ''}`.toUpperCase();
  return (
    <ImageUploadCard<ProfileView>
      align="center"
      preview={
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
      }
      accept={PHOTO_TYPES}
      problemOf={photoProblem}
      upload={{
        url: '/api/v1/profile/photo',
        field: 'photo',
        onSaved: (updated) => queryClient.setQueryData(profileKeys.profile, updated),
        notice: { title: 'Picture saved', message: 'Your new profile picture is saved.' },
      }}
      notSavedTitle="Picture not saved"
      uploadLabel={profile.hasPhoto ? 'Replace picture' : 'Upload picture'}
      hint="JPEG, PNG or WebP, up to 2 MB."
    />
  );
}
