import { Alert, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { apiRequest } from '../api/api';

/** A green notice after the server kept (or dropped) the image. */
type Notice = { title: string; message: string };

export type ImageUploadCardProps<Saved> = {
  /** The image as it is kept now, or the words for none. */
  preview: ReactNode;
  /** What the server takes, checked in the browser first so a wrong file is not sent at all. */
  accept: readonly string[];
  /** Why a chosen file will not do, in the officer's words; null when it may be sent. */
  problemOf: (file: File) => string | null;
  /** POST multipart: the address and the one form field the server reads the file from. */
  upload: { url: string; field: string; onSaved: (saved: Saved) => void; notice: Notice };
  /**
   * DELETE the kept image (the crest), offered while `isShown` (there is one to remove); absent
   * where the image can only be replaced.
   */
  remove?: {
    url: string;
    label: string;
    isShown: boolean;
    onRemoved: (saved: Saved) => void;
    notice: Notice;
  };
  /** The alert's title when the server refuses ("Photo not saved"). */
  notSavedTitle: string;
  /** The button's words, which say Upload or Replace as the caller knows. */
  uploadLabel: string;
  /** The small print under the button: types and size. */
  hint: string;
  /** False hides the button and its hint (an officer who may only look). */
  canUpload?: boolean;
  align?: 'flex-start' | 'center';
  /** The words of a refusal; the error's message unless the caller reads the field issues. */
  describeError?: (error: Error) => string;
};

/** A document image (the crest, a signature) on white in a dashed frame, as it prints. */
export function ImageFrame({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Box
      p="sm"
      bg="white"
      style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}
      miw={minWidth}
    >
      {children}
    </Box>
  );
}

/**
 * An image kept on the server (a taxpayer's photo, a profile picture, the chairman's signature,
 * the letterhead's crest) with its upload: the file checked in the browser, sent as
 * multipart, the refusal shown beside it in an alert, the success in a notice.
 */
export function ImageUploadCard<Saved>(props: ImageUploadCardProps<Saved>) {
  const { upload, remove, canUpload = true } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const describe = props.describeError ?? ((error: Error) => error.message);
  const send = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(upload.field, file);
      return apiRequest<Saved>(upload.url, { method: 'POST', body });
    },
    onSuccess: (saved) => {
      upload.onSaved(saved);
      notifications.show({ color: 'green', ...upload.notice });
    },
    onError: (error) => setProblem(describe(error)),
  });
  const drop = useMutation({
    mutationFn: () => apiRequest<Saved>(remove?.url ?? '', { method: 'DELETE' }),
    onSuccess: (saved) => {
      remove?.onRemoved(saved);
      if (remove) notifications.show({ color: 'green', ...remove.notice });
    },
    onError: (error) => setProblem(describe(error)),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    const found = props.problemOf(file);
    setProblem(found);
    if (!found) send.mutate(file);
  };

  const uploadButton = (
    <FileButton onChange={choose} accept={props.accept.join(',')}>
      {(buttonProps) => (
        <Button
          {...buttonProps}
          variant="light"
          leftSection={<IconUpload size={16} aria-hidden="true" />}
          loading={send.isPending}
        >
          {props.uploadLabel}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="sm" align={props.align}>
      {props.preview}
      {problem && (
        <Alert color="red" variant="light" role="alert" title={props.notSavedTitle}>
          {problem}
        </Alert>
      )}
      {canUpload &&
        (remove ? (
          <Group gap="sm">
            {uploadButton}
            {remove.isShown && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                loading={drop.isPending}
                onClick={() => {
                  setProblem(null);
                  drop.mutate();
                }}
              >
                {remove.label}
              </Button>
            )}
          </Group>
        ) : (
          uploadButton
        ))}
      {canUpload && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Stack>
  );
}
