import { Image, Text } from '@mantine/core';
import { useState } from 'react';
import type { ProfileSignature } from '../../../shared/officers';
import { ImageFrame, ImageUploadCard } from '../../lib/forms/ImageUploadCard';

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
  return (
    <ImageUploadCard<ProfileSignature>
      align="flex-start"
      preview={
        <ImageFrame minWidth={240}>
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
        </ImageFrame>
      }
      accept={SIGNATURE_TYPES}
      problemOf={signatureProblem}
      upload={{
        url: '/api/v1/profile/signature',
        field: 'signature',
        onSaved: (saved) => {
          setMissing(false);
          setVersion(saved.signatureVersion ?? String(Date.now()));
        },
        notice: {
          title: 'Signature saved',
          message: 'Certificates you approve from now on print this signature.',
        },
      }}
      notSavedTitle="Signature not saved"
      uploadLabel={missing ? 'Upload signature' : 'Replace signature'}
      hint="PNG or JPEG, up to 200 KB: your signature on white, cropped close."
    />
  );
}
