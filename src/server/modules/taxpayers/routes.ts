import fastifyMultipart from '@fastify/multipart';
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
  TaxpayerMatchQuery,
  TaxpayerMatchResult,
  TaxpayerPatch,
  TaxpayerView,
} from '../../../shared/taxpayers';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MULTIPART_LIMITS,
  photoHeaders,
  readPhotoUpload,
} from '../../files/photos';
import { sendBytes } from '../../files/send';
import type { FileStore } from '../../files/store';
import { uploadRoute } from '../../files/uploadRoute';
import { createTaxpayerService } from './service';

const HistoryPage = pageOf(TaxpayerHistoryEntry).meta({ id: 'TaxpayerHistoryPage' });
const Binary = z.string().meta({ format: 'binary' });

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['taxpayers'];

/** The taxpayer registry (docs/product.md §7 taxpayer/register, validate, update, get/tax). */
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
        operationId: 'createIndividualTaxpayer',
        summary: 'Register an individual taxpayer',
        description:
          'Registers a person and answers the new BTIN, with any existing taxpayers that look like the same person.',
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
        operationId: 'createCorporateTaxpayer',
        summary: 'Register a corporate taxpayer',
        description:
          'Registers a company and answers the new BTIN, with any existing taxpayers that look like the same company.',
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
        operationId: 'checkTaxpayerDuplicates',
        summary: 'Find likely duplicates before registering',
        description:
          'Looks for registered taxpayers with the same identifiers or a similar name, so an officer can avoid registering someone twice. Changes nothing.',
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
        operationId: 'listTaxpayers',
        summary: 'List and search taxpayers',
        description:
          'Taxpayers by the search and filters given, a page at a time. With `format=csv` or `format=xlsx` the same filter comes back as a file (at most 50,000 rows, streamed) instead of JSON.',
        querystring: TaxpayerListQuery,
        response: { 200: TaxpayerListResult, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return taxpayers.findTaxpayers(req.actor, req.query);
      return sendExport(
        reply,
        await taxpayers.exportTaxpayers(req.actor, { ...req.query, format }),
      );
    },
  );

  app.get(
    '/taxpayers/matches',
    {
      schema: {
        tags,
        operationId: 'findTaxpayerMatches',
        summary: 'Find taxpayers to pick one (name, BTIN, phone or e-mail)',
        description:
          'The best few taxpayers for a name (misspellings forgiven), a BTIN, a phone or an e-mail, as the registry list searches, with only what tells two namesakes apart: BTIN, kind, status, name, phone and LGA. What the forms that ask for a taxpayer and the top bar search use.',
        querystring: TaxpayerMatchQuery,
        response: { 200: TaxpayerMatchResult, ...errors },
      },
      // Every officer type that raises assessments, certificates or bills already reads the
      // registry (src/shared/permissions.ts): a name search is the registry's, not the exact
      // lookup every officer has.
      config: { permission: 'taxpayer:read' },
    },
    (req) => taxpayers.findMatches(req.actor, req.query),
  );

  app.get(
    '/taxpayers/lookup',
    {
      schema: {
        tags,
        operationId: 'lookupTaxpayer',
        summary: 'Find a taxpayer by BTIN, e-mail or phone',
        description:
          'The taxpayer with exactly this BTIN, e-mail or phone number; 404 when none has it.',
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
        operationId: 'getTaxpayer',
        summary: 'Get a taxpayer',
        description: 'One taxpayer by BTIN, with the `version` to send back when updating it.',
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
        operationId: 'updateTaxpayer',
        summary: 'Update a taxpayer',
        description:
          'Sends the changed fields and the `version` last read. 409 when someone changed the taxpayer since: read it again and retry.',
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
        operationId: 'listTaxpayerHistory',
        summary: "List a taxpayer's change history",
        description: 'Who changed what on this taxpayer and when, newest first, a page at a time.',
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
    uploadRoute({
      maxBytes: PHOTO_MAX_BYTES,
      permission: 'taxpayer:write',
      schema: {
        tags,
        operationId: 'uploadTaxpayerPhoto',
        summary: "Upload a taxpayer's photo",
        description:
          'A `multipart/form-data` request whose field `photo` holds a JPEG, PNG or WebP image of at most 2 MB, which is stored re-encoded as a JPEG of at most 1024 px a side, upright and without metadata (EXIF, GPS). Replaces any previous photo.',
        params: BtinParams,
        response: { 200: TaxpayerView, 404: ErrorBody },
      },
    }),
    async (req) => taxpayers.setPhoto(req.actor, req.params.btin, await readPhotoUpload(req)),
  );

  app.get(
    '/taxpayers/:btin/photo',
    {
      schema: {
        tags,
        operationId: 'getTaxpayerPhoto',
        summary: "Get a taxpayer's photo",
        description: 'The image bytes, with their content type; 404 when the taxpayer has none.',
        params: BtinParams,
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'taxpayer:read' },
    },
    async (req, reply) => {
      const photo = await taxpayers.getPhoto(req.actor, req.params.btin);
      return sendBytes(reply, photo.bytes, photoHeaders(photo.contentType));
    },
  );
};
