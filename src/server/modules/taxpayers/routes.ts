import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { PageQuery, pageOf } from '../../../shared/pagination';
import {
  BtinParams,
  CorporateInput,
  DuplicateCheckInput,
  DuplicateCheckResult,
  IndividualInput,
  RegistrationResult,
  TaxpayerHistoryEntry,
  TaxpayerListQuery,
  TaxpayerListResult,
  TaxpayerLookupQuery,
  TaxpayerLookupResult,
  TaxpayerPatch,
  TaxpayerView,
} from '../../../shared/taxpayers';
import type { Db } from '../../db/client';
import { PHOTO_MULTIPART_LIMITS, readPhotoUpload } from '../../files/photos';
import type { FileStore } from '../../files/store';
import { createTaxpayerService } from './service';

const HistoryPage = pageOf(TaxpayerHistoryEntry).meta({ id: 'TaxpayerHistoryPage' });
const Binary = z.string().meta({ format: 'binary' });

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['taxpayers'];

/** The taxpayer registry (SPEC.md §7 taxpayer/register, validate, update, get/tax). */
export const taxpayerRoutes: FastifyPluginAsyncZod<{ db: Db; files: FileStore }> = async (
  app,
  { db, files },
) => {
  const taxpayers = createTaxpayerService({ db, files });
  // One photo per request; the service checks the size again, and the bytes decide the type.
  await app.register(fastifyMultipart, { limits: PHOTO_MULTIPART_LIMITS });

  app.post(
    '/taxpayers/individuals',
    {
      schema: {
        tags,
        summary: 'Register an individual; answers the BTIN and any likely duplicates',
        body: IndividualInput,
        response: { 201: RegistrationResult, 409: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await taxpayers.registerIndividual(req.actor, req.body)),
  );

  app.post(
    '/taxpayers/corporates',
    {
      schema: {
        tags,
        summary: 'Register a company; answers the BTIN and any likely duplicates',
        body: CorporateInput,
        response: { 201: RegistrationResult, 409: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await taxpayers.registerCorporate(req.actor, req.body)),
  );

  app.post(
    '/taxpayers/duplicate-check',
    {
      schema: {
        tags,
        summary: 'Look for the same taxpayer before registering (SPEC.md §7 taxpayer/validate)',
        body: DuplicateCheckInput,
        response: { 200: DuplicateCheckResult, ...errors },
      },
      config: { permission: 'taxpayer:write' },
    },
    (req) => taxpayers.checkDuplicates(req.actor, req.body),
  );

  app.get(
    '/taxpayers',
    {
      schema: {
        tags,
        summary:
          'List and search taxpayers; with format=csv|xlsx, the same filter as a file (at most 50,000 rows)',
        querystring: TaxpayerListQuery,
        response: { 200: TaxpayerListResult, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return taxpayers.findTaxpayers(req.actor, req.query);
      const file = await taxpayers.exportTaxpayers(req.actor, { ...req.query, format });
      return sendBytes(reply, file.body, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      });
    },
  );

  app.get(
    '/taxpayers/lookup',
    {
      schema: {
        tags,
        summary: 'The top bar search: a taxpayer by exact BTIN, e-mail or phone',
        querystring: TaxpayerLookupQuery,
        response: { 200: TaxpayerLookupResult, 404: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:lookup' },
    },
    (req) => taxpayers.lookup(req.actor, req.query.term),
  );

  app.get(
    '/taxpayers/:btin',
    {
      schema: {
        tags,
        summary: 'One taxpayer',
        params: BtinParams,
        response: { 200: TaxpayerView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    (req) => taxpayers.getTaxpayer(req.actor, req.params.btin),
  );

  app.patch(
    '/taxpayers/:btin',
    {
      schema: {
        tags,
        summary: 'Edit a taxpayer: the changed fields and the version seen (409 if it moved on)',
        params: BtinParams,
        body: TaxpayerPatch,
        response: { 200: TaxpayerView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:write' },
    },
    (req) => taxpayers.updateTaxpayer(req.actor, req.params.btin, req.body),
  );

  app.get(
    '/taxpayers/:btin/history',
    {
      schema: {
        tags,
        summary: "A taxpayer's change history: who changed what, newest first",
        params: BtinParams,
        querystring: PageQuery,
        response: { 200: HistoryPage, 404: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    (req) => taxpayers.history(req.actor, req.params.btin, req.query),
  );

  app.post(
    '/taxpayers/:btin/photo',
    {
      schema: {
        tags,
        summary: 'Upload the photo (multipart field `photo`: JPEG, PNG or WebP, at most 2 MB)',
        params: BtinParams,
        consumes: ['multipart/form-data'],
        response: { 200: TaxpayerView, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:write' },
    },
    async (req) => taxpayers.setPhoto(req.actor, req.params.btin, await readPhotoUpload(req)),
  );

  app.get(
    '/taxpayers/:btin/photo',
    {
      schema: {
        tags,
        summary: "The taxpayer's photo",
        params: BtinParams,
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    async (req, reply) => {
      const photo = await taxpayers.getPhoto(req.actor, req.params.btin);
      return sendBytes(reply, photo.bytes, {
        'content-type': photo.contentType,
        'cache-control': 'private, no-cache',
      });
    },
  );
};

/**
 * Sends a file's bytes as they are. Fastify never runs the response serializer on a Buffer;
 * the typed reply of the zod provider does not know that, hence the plain FastifyReply.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer, headers: Record<string, string>) {
  return reply.headers(headers).send(bytes);
}
