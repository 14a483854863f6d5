import { Alert, Box, Button, FileButton, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileSignature } from '../../../shared/officers';
import { api } from '../../lib/api';

/** What the server takes (src/server/modules/profile/signature.ts), checked here first. */
const SIGNATURE_TYPES = ['image/png', 'image/jpeg'];
const SIGNATURE_MAX_BYTES = 200 * 1024;

function signatureProblem(file: File): string | null {
  if (!SIGNATURE_TYPES.includes(file.type)) return 'Choose a PNG or JPEG image.';
  if (file.size > SIGNATURE_MAX_BYTES) {
    return 'The image is larger than 200 KB. Crop it to the signature, or save it smaller.';
  }
  return null;
}

/**
 * The chairman's signature, printed above their name on every Tax Clearance Certificate they
 * approve (docs/tax-rules.md, Tax Clearance Certificate). Shown to officers who approve as
 * chairman only.
 */
export function ChairmanSignature() {
  // A new version after each upload, so the browser asks for the image afresh.
  const [version, setVersion] = useState('current');
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('signature', file);
      return api.post<ProfileSignature>('/api/v1/profile/signature', body);
    },
    onSuccess: (saved) => {
      setMissing(false);
      setVersion(saved.signatureVersion ?? String(Date.now()));
      notifications.show({
        color: 'green',
        title: 'Signature saved',
        message: 'Certificates you approve from now on print this signature.',
      });
    },
    onError: (error) => setProblem(error.message),
  });
  const choose = (file: File | null) => {
    if (!file) return;
    const found = signatureProblem(file);
    setProblem(found);
    if (!found) upload.mutate(file);
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Box
        p="sm"
        bg="white"
        style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}
        miw={240}
      >
        {missing ? (
          <Text size="sm" c="dimmed">
            No signature uploaded yet: certificates print a blank signature line.
          </Text>
        ) : (
          <Image
            src={`/api/v1/profile/signature?v=${encodeURIComponent(version)}`}
            alt="Your signature as printed on certificates"
            h={64}
            w="auto"
            fit="contain"
            onError={() => setMissing(true)}
          />
        )}
      </Box>
      {problem && (
        <Alert color="red" variant="light" role="alert" title="Signature not saved">
          {problem}
        </Alert>
      )}
      <FileButton onChange={choose} accept={SIGNATURE_TYPES.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden="true" />}
            loading={upload.isPending}
          >
            {missing ? 'Upload signature' : 'Replace signature'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        PNG or JPEG, up to 200 KB: your signature on white, cropped close.
      </Text>
    </Stack>
  );
}
