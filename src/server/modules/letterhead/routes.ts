import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { CREST_MAX_BYTES, LetterheadPatch, LetterheadView } from '../../../shared/letterhead';
import type { Db } from '../../db/client';
import { photoHeaders } from '../../files/photos';
import { sendBytes } from '../../files/send';
import type { FileStore } from '../../files/store';
import { uploadRoute } from '../../files/uploadRoute';
import { createLetterheadService, readCrestUpload } from './service';

const Binary = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['letterhead'];
const config = { permission: 'letterhead:write' } as const;

/** The letterhead of the printed documents: the service's name and crest. ADMIN only. */
export const letterheadRoutes: FastifyPluginAsyncZod<{ db: Db; files: FileStore }> = async (
  app,
  { db, files },
) => {
  const letterhead = createLetterheadService({ db, files });
  await app.register(fastifyMultipart, {
    limits: { fileSize: CREST_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/letterhead',
    {
      schema: {
        tags,
        operationId: 'getLetterhead',
        summary: 'Get the letterhead of printed documents',
        description:
          "The service's name and whether a crest is set, as the notice, the certificate, the e-receipt and the decision letter print them.",
        response: { 200: LetterheadView, ...errors },
      },
      config,
    },
    () => letterhead.getLetterhead(),
  );

  app.put(
    '/letterhead',
    {
      schema: {
        tags,
        operationId: 'setLetterheadName',
        summary: "Set the service's name on printed documents",
        description: 'The name printed under the crest at the head of every document.',
        body: LetterheadPatch,
        response: { 200: LetterheadView, 400: ErrorBody, 422: ErrorBody, ...errors },
      },
      config,
    },
    (req) => letterhead.setServiceName(req.actor, req.body),
  );

  app.post(
    '/letterhead/crest',
    uploadRoute({
      maxBytes: CREST_MAX_BYTES,
      permission: config.permission,
      schema: {
        tags,
        operationId: 'uploadLetterheadCrest',
        summary: "Upload the service's crest",
        description:
          'A `multipart/form-data` request whose field `crest` holds a PNG or JPEG image of at most 500 KB, printed at the head of every document. Stored re-encoded in its own format (a PNG keeps its transparency), at most 600 × 600 px, upright and without metadata; 422 naming the reason for a file that is not one, or does not decode whole. Replaces any previous crest.',
        response: { 200: LetterheadView },
      },
    }),
    async (req) => letterhead.setCrest(req.actor, await readCrestUpload(req)),
  );

  app.delete(
    '/letterhead/crest',
    {
      schema: {
        tags,
        operationId: 'removeLetterheadCrest',
        summary: "Remove the service's crest",
        description: 'Documents then print the name only.',
        response: { 200: LetterheadView, ...errors },
      },
      config,
    },
    (req) => letterhead.removeCrest(req.actor),
  );

  app.get(
    '/letterhead/crest',
    {
      schema: {
        tags,
        operationId: 'getLetterheadCrest',
        summary: "Get the service's crest",
        description: 'The crest image, with its content type; 404 when none is set.',
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config,
    },
    async (_req, reply) => {
      const crest = await letterhead.getCrest();
      return sendBytes(reply, crest.bytes, photoHeaders(crest.contentType));
    },
  );
};
