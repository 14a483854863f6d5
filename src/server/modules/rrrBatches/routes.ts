import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { BATCH_MAX_BYTES, JobAccepted, JobIdParams, JobView } from '../../../shared/payments';
import { sendFile } from '../../files/send';
import { uploadRoute } from '../../files/uploadRoute';
import { receiveUpload } from '../../uploads/receive';
import type { PaymentDeps } from '../payments/deps';
import { createRrrBatchService } from './service';
import { BATCH_MULTIPART_LIMITS, RRR_BATCH_UPLOAD_WORDS } from './upload';

const CsvFile = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['jobs'];

/**
 * "Check RRR (Multiple)" (docs/product.md §3 batch upload, §7 batch check-status): the upload
 * queues a background job, the dialog polls its progress and downloads the results.
 */
export const rrrBatchRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { db, secrets }) => {
  const jobs = createRrrBatchService({ db, secrets });
  await app.register(fastifyMultipart, { limits: BATCH_MULTIPART_LIMITS });

  app.post(
    '/remita/rrr/status-batch',
    uploadRoute({
      maxBytes: BATCH_MAX_BYTES,
      permission: 'rrr:check:batch',
      schema: {
        tags: ['remita', ...tags],
        operationId: 'createRrrStatusBatch',
        summary: 'Check a file of RRRs in the background',
        description:
          'A `multipart/form-data` request: field `file` is a CSV with a header `rrr` and an optional `mdaCode` column (at most 10,000 rows and 2 MB); optional field `mdaId` is the MDA for rows without `mdaCode`. 409 while the same officer’s previous upload is still being read. Answers 202 with a job id: follow it with `getJob`, then fetch `getJobResult`.',
        response: { 202: JobAccepted, 409: ErrorBody },
      },
    }),
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await receiveUpload(req, db, RRR_BATCH_UPLOAD_WORDS, (upload) =>
            jobs.uploadRrrBatch(req.actor, upload),
          ),
        ),
  );

  app.get(
    '/jobs/:jobId',
    {
      schema: {
        tags,
        operationId: 'getJob',
        summary: 'Get a batch check',
        description:
          "A batch check's status, progress and row counts by outcome. Poll it until the status is `succeeded` or `failed`.",
        params: JobIdParams,
        response: { 200: JobView, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'rrr:check:batch' },
    },
    (req) => jobs.getJob(req.actor, req.params.jobId),
  );

  app.get(
    '/jobs/:jobId/result.csv',
    {
      schema: {
        tags,
        operationId: 'getJobResult',
        summary: 'Download a batch check result',
        description:
          'The finished batch check as CSV, one line per row checked: line, rrr, mdaCode, outcome, statusCode, message, payerName, amount (naira), transactionDate. 409 while the check still runs.',
        params: JobIdParams,
        response: { 200: CsvFile, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'rrr:check:batch' },
    },
    async (req, reply) => {
      const file = await jobs.exportResult(req.actor, req.params.jobId);
      return sendFile(reply, file);
    },
  );
};
