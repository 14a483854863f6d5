import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  TCC_BATCH_MAX_BYTES,
  TccBatchAccepted,
  TccBatchIdParams,
  TccBatchRowsPage,
  TccBatchRowsQuery,
  TccBatchView,
} from '../../../../shared/tcc/bulk';
import { sendFile } from '../../../files/send';
import { uploadRoute } from '../../../files/uploadRoute';
import { receiveUpload } from '../../../uploads/receive';
import type { PaymentDeps } from '../../payments/deps';
import { createTccBulkService } from './service';
import { TCC_BATCH_MULTIPART_LIMITS, TCC_BATCH_UPLOAD_WORDS } from './upload';

const CsvFile = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['tcc'];

/**
 * An MDA's employees' certificates in bulk (docs/product.md §2 taxs/generate-mda-tcc, §7 "POST
 * generate/mda/employee/tcc"): the upload queues a background job, the panel polls it and reads
 * each row's outcome. Uploading takes the permission to generate MDA-employee certificates;
 * reading a batch takes `tcc:read` and the service lets only its uploader or an administrator
 * see it (the RRR batch's rule), so an administrator can follow an officer's upload.
 *
 * The batches are their own resource, /tcc-batches, not /tcc/batches: under /tcc/{id} a path
 * /tcc/batches/{id} reads as a certificate's sub-resource (/tcc/{id}/bill), which OpenAPI
 * tools cannot tell apart (Redocly no-ambiguous-paths).
 */
export const tccBulkRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { db, secrets }) => {
  const bulk = createTccBulkService({ db, secrets });
  await app.register(fastifyMultipart, { limits: TCC_BATCH_MULTIPART_LIMITS });

  app.post(
    '/tcc-batches',
    uploadRoute({
      maxBytes: TCC_BATCH_MAX_BYTES,
      permission: 'tcc:generate:mda-employee',
      schema: {
        tags,
        operationId: 'createTccBatch',
        summary: 'Generate MDA employees’ certificates from a payroll file',
        description:
          'A `multipart/form-data` request: field `mdaId` is the MDA, field `file` a CSV or XLSX in the format of `getTccBatchTemplate` (at most 5,000 employees and 5 MB). A wrong type, an empty, binary or hostile file (an XLSX whose archive declares too much, or unpacks far more than it packs), too many rows or a wrong header is a 422 with words; a bad row fails on its own. 409 while the same officer’s previous upload is still being read. Answers 202 with a job id: follow it with `getTccBatch`, read `listTccBatchRows`, then fetch `getTccBatchResult`.',
        response: { 202: TccBatchAccepted, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await receiveUpload(req, db, TCC_BATCH_UPLOAD_WORDS, (upload) =>
            bulk.uploadBatch(req.actor, upload),
          ),
        ),
  );

  app.get(
    '/tcc-batches/template.csv',
    {
      schema: {
        tags,
        operationId: 'getTccBatchTemplate',
        summary: 'Download the payroll file template',
        description:
          'The header every payroll file must have and one example employee, for the three years a certificate covers now. Amounts are naira with at most 2 decimals.',
        response: { 200: CsvFile, ...errors },
      },
      config: { permission: 'tcc:generate:mda-employee' },
    },
    async (_req, reply) => {
      const file = bulk.template();
      return sendFile(reply, file);
    },
  );

  app.get(
    '/tcc-batches/:id',
    {
      schema: {
        tags,
        operationId: 'getTccBatch',
        summary: 'Get a bulk upload’s progress',
        description:
          'Status, rows done, generated and failed. Poll it until the status is `succeeded` or `failed`.',
        params: TccBatchIdParams,
        response: { 200: TccBatchView, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    (req) => bulk.getBatch(req.actor, req.params.id),
  );

  app.get(
    '/tcc-batches/:id/rows',
    {
      schema: {
        tags,
        operationId: 'listTccBatchRows',
        summary: 'List a bulk upload’s rows and their outcomes',
        description:
          'Each row in file order: line, BTIN, outcome (`generated` with the certificate number, or `failed` with why), paginated; `outcome` filters.',
        params: TccBatchIdParams,
        querystring: TccBatchRowsQuery,
        response: { 200: TccBatchRowsPage, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    (req) => bulk.listBatchRows(req.actor, req.params.id, req.query),
  );

  app.get(
    '/tcc-batches/:id/result.csv',
    {
      schema: {
        tags,
        operationId: 'getTccBatchResult',
        summary: 'Download a bulk upload’s outcomes',
        description:
          'One line per row: line, btin, staff_number, outcome, certificate_number, message. 409 while the job still runs.',
        params: TccBatchIdParams,
        response: { 200: CsvFile, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    async (req, reply) => {
      const file = await bulk.exportResult(req.actor, req.params.id);
      return sendFile(reply, file);
    },
  );
};
