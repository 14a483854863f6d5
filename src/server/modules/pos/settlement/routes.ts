import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  POS_SETTLEMENT_MAX_BYTES,
  PosSettlementAccepted,
  PosSettlementConfirmAll,
  PosSettlementIdParams,
  PosSettlementRowParams,
  PosSettlementRowsPage,
  PosSettlementRowsQuery,
  PosSettlementRowView,
  PosSettlementView,
} from '../../../../shared/pos/settlement';
import type { BatchUploadWords } from '../../../files/batchUpload';
import { sendFile } from '../../../files/send';
import { uploadRoute } from '../../../files/uploadRoute';
import { receiveUpload } from '../../../uploads/receive';
import type { PaymentDeps } from '../../payments/deps';
import { createPosSettlementService } from './service';

const CsvFile = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody } as const;
const tags = ['pos'];

const WORDS: BatchUploadWords = {
  notMultipart: 'Send the settlement file as multipart/form-data, in the field "file".',
  noFile: 'Choose the settlement file (.csv or .xlsx) to upload (field "file").',
  tooLarge: 'The file is larger than 12 MB. Split it into files of at most 50,000 transactions.',
  oneFileOnly: 'Upload one file at a time.',
  tooManyFields: 'The upload holds more fields than the page sends.',
};

/**
 * The provider's settlement file (docs/product.md §2 transactions/benjis-multiple;
 * docs/pos-settlement.md): upload (`pos:settle`), progress, rows and result (the uploader or an
 * administrator, `pos:read`), and the confirmation of rows RevDesk lacks (`pos:settle`).
 */
export const posSettlementRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const settlement = createPosSettlementService(deps);
  await app.register(fastifyMultipart, {
    limits: { fileSize: POS_SETTLEMENT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  });

  app.post(
    '/pos/settlements',
    uploadRoute({
      maxBytes: POS_SETTLEMENT_MAX_BYTES,
      permission: 'pos:settle',
      schema: {
        tags,
        operationId: 'uploadPosSettlement',
        summary: 'Upload the POS provider’s settlement file',
        description:
          'A `multipart/form-data` request, field `file`: CSV or XLSX with the header terminal_id, stan, rrn, amount, transaction_time (and optionally payer_name, payer_phone, revenue_head_code), at most 50,000 transactions and 12 MB (docs/pos-settlement.md). A wrong header, a line that cannot be read, a repeated transaction (the same terminal, STAN and day), too many lines or a binary file is a 422 naming the reason, and nothing is kept. Answers 202 with a job id: follow it with `getPosSettlement`.',
        response: { 202: PosSettlementAccepted, 409: ErrorBody },
      },
    }),
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await receiveUpload(req, deps.db, WORDS, (upload) =>
            settlement.uploadSettlement(req.actor, upload),
          ),
        ),
  );

  app.get(
    '/pos/settlements/:id',
    {
      schema: {
        tags,
        operationId: 'getPosSettlement',
        summary: 'Get a settlement file’s progress and counts',
        description:
          'Status, lines compared, and how many matched, differ in amount, are not in RevDesk (and how many of those were confirmed), and RevDesk’s transactions of the file’s days that are not in the file. Poll it until `succeeded` or `failed`.',
        params: PosSettlementIdParams,
        response: { 200: PosSettlementView, ...errors },
      },
      config: { permission: 'pos:read' },
    },
    (req) => settlement.getSettlement(req.actor, req.params.id),
  );

  app.get(
    '/pos/settlements/:id/rows',
    {
      schema: {
        tags,
        operationId: 'listPosSettlementRows',
        summary: 'List a settlement file’s rows and their outcomes',
        description:
          'File lines in order, then RevDesk’s transactions missing from the file (`inFile` false); `outcome` filters.',
        params: PosSettlementIdParams,
        querystring: PosSettlementRowsQuery,
        response: { 200: PosSettlementRowsPage, ...errors },
      },
      config: { permission: 'pos:read' },
    },
    (req) => settlement.listRows(req.actor, req.params.id, req.query),
  );

  app.get(
    '/pos/settlements/:id/result.csv',
    {
      schema: {
        tags,
        operationId: 'getPosSettlementResult',
        summary: 'Download a settlement file’s result',
        description:
          'One line per row: line, in_file, terminal_id, stan, rrn, transaction_time, amount, revdesk_amount, outcome, message, confirmed. 409 while the file is still being compared.',
        params: PosSettlementIdParams,
        response: { 200: CsvFile, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:read' },
    },
    async (req, reply) => sendFile(reply, await settlement.exportResult(req.actor, req.params.id)),
  );

  app.post(
    '/pos/settlements/:id/rows/:line/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmPosSettlementRow',
        summary: 'Record a settlement line RevDesk does not hold',
        description:
          'Records the line as the provider’s transaction arriving by file, by the same rule as a push (recorded, or held when its terminal is unknown or inactive), audited. 409 when the line is not "not in RevDesk", was confirmed already, or the file is still being compared.',
        params: PosSettlementRowParams,
        response: { 200: PosSettlementRowView, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:settle' },
    },
    (req) => settlement.confirmRow(req.actor, req.params.id, req.params.line),
  );

  app.post(
    '/pos/settlements/:id/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmPosSettlementRows',
        summary: 'Record every settlement line RevDesk does not hold',
        description:
          'Confirms the unconfirmed "not in RevDesk" lines, at most 1,000 a call (`remaining` says how many are left), each recorded and audited as by `confirmPosSettlementRow`.',
        params: PosSettlementIdParams,
        response: { 200: PosSettlementConfirmAll, 409: ErrorBody, ...errors },
      },
      config: { permission: 'pos:settle' },
    },
    (req) => settlement.confirmAll(req.actor, req.params.id),
  );
};
