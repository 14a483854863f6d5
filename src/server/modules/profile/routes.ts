import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import {
  OwnSessionList,
  ProfilePatch,
  ProfileSignature,
  ProfileView,
  RevokedSessions,
} from '../../../shared/officers';
import type { Db } from '../../db/client';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MULTIPART_LIMITS,
  photoHeaders,
  readPhotoUpload,
} from '../../files/photos';
import { sendBytes } from '../../files/send';
import type { FileStore } from '../../files/store';
import { uploadRoute } from '../../files/uploadRoute';
import { createProfileService } from './service';
import { createSignatureService, readSignatureUpload } from './signature';
import { SIGNATURE_MAX_BYTES } from './signatureImage';

const Binary = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['profile'];

/** The signed-in officer's own account (docs/product.md §7 POST file/). Every officer. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db; files: FileStore }> = async (
  app,
  { db, files },
) => {
  const profile = createProfileService({ db, files });
  const signatures = createSignatureService({ db, files });
  await app.register(fastifyMultipart, { limits: PHOTO_MULTIPART_LIMITS });

  app.get(
    '/profile',
    {
      schema: {
        tags,
        operationId: 'getProfile',
        summary: 'Get your profile',
        description: "The signed-in officer's own details.",
        response: { 200: ProfileView, ...errors },
      },
      config: { permission: 'account:self' },
    },
    (req) => profile.getProfile(req.actor),
  );

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        operationId: 'updateProfile',
        summary: 'Update your profile',
        description:
          'Changes your e-mail or phone number. 409 when another officer already has the e-mail.',
        body: ProfilePatch,
        response: { 200: ProfileView, 400: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'account:self' },
    },
    (req) => profile.updateProfile(req.actor, req.body),
  );

  app.post(
    '/profile/photo',
    uploadRoute({
      maxBytes: PHOTO_MAX_BYTES,
      permission: 'account:self',
      schema: {
        tags,
        operationId: 'uploadProfilePhoto',
        summary: 'Upload your profile picture',
        description:
          'A `multipart/form-data` request whose field `photo` holds a JPEG, PNG or WebP image of at most 2 MB, which is stored re-encoded as a JPEG of at most 1024 px a side, upright and without metadata (EXIF, GPS). Replaces any previous picture.',
        response: { 200: ProfileView },
      },
    }),
    async (req) => profile.setPhoto(req.actor, await readPhotoUpload(req)),
  );

  app.get(
    '/profile/photo',
    {
      schema: {
        tags,
        operationId: 'getProfilePhoto',
        summary: 'Get your profile picture',
        description: 'The image bytes, with their content type; 404 when you have none.',
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'account:self' },
    },
    async (req, reply) => {
      const photo = await profile.getPhoto(req.actor);
      return sendBytes(reply, photo.bytes, photoHeaders(photo.contentType));
    },
  );

  app.post(
    '/profile/signature',
    uploadRoute({
      maxBytes: SIGNATURE_MAX_BYTES,
      permission: 'tcc:approve:chairman',
      schema: {
        tags,
        operationId: 'uploadProfileSignature',
        summary: 'Upload your signature (chairman)',
        description:
          "A `multipart/form-data` request whose field `signature` holds a PNG or JPEG image of at most 200 KB: the chairman's signature printed on the Tax Clearance Certificates they approve. Stored re-encoded in its own format (a PNG keeps its transparency), at most 1200 × 400 px, upright and without metadata; 422 for a file that does not decode whole. Replaces any previous one.",
        response: { 200: ProfileSignature },
      },
    }),
    async (req) => signatures.setSignature(req.actor, await readSignatureUpload(req)),
  );

  app.get(
    '/profile/signature',
    {
      schema: {
        tags,
        operationId: 'getProfileSignature',
        summary: 'Get your signature image (chairman)',
        description:
          'The signature image printed on your certificates, with its content type; 404 when you have none.',
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:approve:chairman' },
    },
    async (req, reply) => {
      const signature = await signatures.getSignature(req.actor);
      return sendBytes(reply, signature.bytes, photoHeaders(signature.contentType));
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags,
        operationId: 'listProfileSessions',
        summary: 'List your open sessions',
        description: 'Your sessions that are still open, the most recently used first.',
        response: { 200: OwnSessionList, ...errors },
      },
      config: { permission: 'account:self' },
    },
    (req) => profile.listSessions(req.actor),
  );

  app.post(
    '/profile/sessions/revoke-others',
    {
      schema: {
        tags,
        operationId: 'revokeOtherSessions',
        summary: 'Sign out everywhere else',
        description: 'Ends every session of yours except the one making this request.',
        response: { 200: RevokedSessions, ...errors },
      },
      config: { permission: 'account:self' },
    },
    (req) => profile.revokeOtherSessions(req.actor),
  );
};
