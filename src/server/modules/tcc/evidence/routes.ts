import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import { TCC_GENERATE_PERMISSION } from '../../../../shared/tcc/enums';
import { TccEvidenceParams, TccIdParams, TccView } from '../../../../shared/tcc/views';
import { AppError } from '../../../errors';
import type { BatchUploadWords } from '../../../files/batchUpload';
import { sendBytes } from '../../../files/send';
import { uploadRoute } from '../../../files/uploadRoute';
import { NOTHING_CSP } from '../../../security/headers';
import { receiveUpload } from '../../../uploads/receive';
import type { PaymentDeps } from '../../payments/deps';
import { createTccEvidenceService, downloadName, TCC_EVIDENCE_MAX_BYTES } from './service';

const Binary = z.string().meta({ format: 'binary' });
const tags = ['tcc'];

const WORDS: BatchUploadWords = {
  notMultipart: 'Send the evidence file as multipart/form-data, in the field "file".',
  noFile: 'Choose a PDF or an image to add (field "file").',
  tooLarge: `The file is larger than ${TCC_EVIDENCE_MAX_BYTES / (1024 * 1024)} MB: scan it at a lower resolution.`,
  oneFileOnly: 'Add one file at a time.',
  tooManyFields: 'The upload holds more fields than the page sends.',
};

/**
 * Evidence files of a certificate (docs/architecture.md §5): added by an officer who generates
 * its kind, opened by anyone who reads it (every approver). The upload takes the path of
 * docs/decisions/0030-jobs-and-uploads.md; a refused file is a 422 naming the reason.
 */
export const tccEvidenceRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const evidence = createTccEvidenceService(deps);
  // One byte over the limit is read, so an oversized file is refused in the page's words.
  await app.register(fastifyMultipart, {
    limits: { fileSize: TCC_EVIDENCE_MAX_BYTES + 1, files: 1, fields: 1, parts: 2 },
  });

  app.post(
    '/tcc/:id/evidence',
    uploadRoute({
      maxBytes: TCC_EVIDENCE_MAX_BYTES,
      anyPermission: Object.values(TCC_GENERATE_PERMISSION),
      schema: {
        tags,
        operationId: 'addTccEvidence',
        summary: 'Add an evidence file to a certificate',
        description:
          "A `multipart/form-data` request with field `file`: a PDF or a JPEG, PNG or WebP image of at most 5 MB, recognised by its bytes. An empty, oversized, damaged file or one of another type is a 422 naming the reason, and nothing is kept. 409 once the certificate is approved, past 10 files, or while the officer's previous upload is still being read. Needs the kind's generate permission",
        params: TccIdParams,
        response: { 201: TccView, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (req, reply) => {
      const view = await receiveUpload(req, deps.db, WORDS, async (upload) =>
        evidence.addEvidence(req.actor, req.params.id, upload),
      ).catch((err: unknown) => {
        // The multipart limit stopped the file one byte past 5 MB: a file refused, not a body.
        if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') {
          throw new AppError('INVALID_FILE', err.message, { details: { field: 'file' } });
        }
        throw err;
      });
      return reply.code(201).send(view);
    },
  );

  app.delete(
    '/tcc/:id/evidence/:evidenceId',
    {
      schema: {
        tags,
        operationId: 'removeTccEvidence',
        summary: 'Remove an evidence file from a certificate',
        description:
          "Remove an evidence file added in error while the certificate is being decided: the file is deleted and the audit trail keeps its name, size and who added it. 409 once the certificate is approved (printed, revoked). 404 for a file the certificate does not carry. Needs the kind's generate permission",
        params: TccEvidenceParams,
        response: {
          200: TccView,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { anyPermission: Object.values(TCC_GENERATE_PERMISSION) },
    },
    (req) => evidence.removeEvidence(req.actor, req.params.id, req.params.evidenceId),
  );

  app.get(
    '/tcc/:id/evidence/:evidenceId',
    {
      schema: {
        tags,
        operationId: 'getTccEvidence',
        summary: 'Download an evidence file of a certificate',
        description:
          'The file as it was added (PDF or image), as a download. Audited. Needs `tcc:read` and a kind the officer reads (404 otherwise)',
        params: TccEvidenceParams,
        response: {
          200: Binary,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
        },
      },
      config: { permission: 'tcc:read' },
    },
    async (req, reply) => {
      const file = await evidence.openEvidence(req.actor, req.params.id, req.params.evidenceId);
      return sendBytes(reply, file.bytes, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${downloadName(file.fileName)}"`,
        'content-security-policy': NOTHING_CSP,
        // Personal documents: never kept by the browser (ADR 0022).
        'cache-control': 'no-store',
      });
    },
  );
};
