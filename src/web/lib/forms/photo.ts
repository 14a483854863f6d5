/**
 * What the server takes as a photo (src/server/files/photos.ts): checked in the browser first
 * so a wrong file is not sent at all. The server decides by the bytes, whatever the browser says.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'Choose a JPEG, PNG or WebP picture.';
  if (file.size > PHOTO_MAX_BYTES) return 'The picture is larger than 2 MB. Choose a smaller one.';
  return null;
}
