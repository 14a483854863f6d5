import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../shared/errors';
import {
  MdaDetailsQuery,
  MdaIdParams,
  MdaInput,
  MdaList,
  MdaListQuery,
  MdaPage,
  MdaPatch,
  MdaView,
  RevenueHeadInput,
  RevenueHeadList,
  RevenueHeadParams,
  RevenueHeadPatch,
  RevenueHeadView,
} from '../../../shared/mdas';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import type { SecretBox } from '../../secrets';
import { createMdaService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['mdas'];

/**
 * MDAs, their revenue heads and Remita credentials (docs/product.md §7 remita/all-mda).
 * No response schema has a place for the Remita API key: the serializer could not send it.
 */
export const mdaRoutes: FastifyPluginAsyncZod<{ db: Db; secrets: SecretBox }> = async (
  app,
  { db, secrets },
) => {
  const mdas = createMdaService({ db, secrets });

  app.get(
    '/mdas',
    {
      schema: {
        tags,
        operationId: 'listMdas',
        summary: 'List MDAs for selection',
        description:
          'Every MDA by id, code and name, to choose from: the active ones, or all with `includeInactive=true` (which needs the mda:read permission).',
        querystring: MdaListQuery,
        response: { 200: MdaList, ...errors },
      },
      config: { permission: 'mda:list' },
    },
    (req) => mdas.listMdas(req.actor, req.query),
  );

  app.get(
    '/mdas/details',
    {
      schema: {
        tags,
        operationId: 'listMdaDetails',
        summary: 'List MDAs with their set-up',
        description:
          'MDAs by the filters given, a page at a time, with their revenue heads and Remita set-up (never the API key itself). With `format=csv` or `format=xlsx` the same filter comes back as a file instead of JSON.',
        querystring: MdaDetailsQuery,
        response: { 200: MdaPage, ...errors },
      },
      config: { permission: 'mda:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return mdas.findMdaDetails(req.actor, req.query);
      return sendExport(reply, await mdas.exportMdas(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/mdas/:id',
    {
      schema: {
        tags,
        operationId: 'getMda',
        summary: 'Get an MDA',
        description: 'One MDA with its revenue heads and Remita set-up (never the API key itself).',
        params: MdaIdParams,
        response: { 200: MdaView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'mda:read' },
    },
    (req) => mdas.getMda(req.actor, req.params.id),
  );

  app.post(
    '/mdas',
    {
      schema: {
        tags,
        operationId: 'createMda',
        summary: 'Create an MDA',
        description:
          'Adds a ministry, department or agency. Its Remita API key, if given, is stored encrypted and never sent back.',
        body: MdaInput,
        response: { 201: MdaView, 409: ErrorBody, ...errors },
      },
      config: { permission: 'mda:write' },
    },
    async (req, reply) => reply.code(201).send(await mdas.createMda(req.actor, req.body)),
  );

  app.patch(
    '/mdas/:id',
    {
      schema: {
        tags,
        operationId: 'updateMda',
        summary: 'Update an MDA',
        description:
          'Changes the fields sent. `apiKey` replaces the Remita API key; `apiKey: null` removes it.',
        params: MdaIdParams,
        body: MdaPatch,
        response: { 200: MdaView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'mda:write' },
    },
    (req) => mdas.updateMda(req.actor, req.params.id, req.body),
  );

  app.get(
    '/mdas/:id/revenue-heads',
    {
      schema: {
        tags,
        operationId: 'listRevenueHeads',
        summary: "List an MDA's revenue heads",
        description:
          "The MDA's active revenue heads by economic code, for raising a bill. Any officer may read them; MDA staff only for their own MDAs.",
        params: MdaIdParams,
        response: { 200: RevenueHeadList, 404: ErrorBody, ...errors },
      },
      config: { permission: 'mda:list' },
    },
    async (req) => ({ items: await mdas.listActiveRevenueHeads(req.actor, req.params.id) }),
  );

  app.post(
    '/mdas/:id/revenue-heads',
    {
      schema: {
        tags,
        operationId: 'createRevenueHead',
        summary: 'Create a revenue head',
        description:
          'Adds a revenue head to an MDA. Its economic code is unique within the MDA (409 otherwise).',
        params: MdaIdParams,
        body: RevenueHeadInput,
        response: { 201: RevenueHeadView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'mda:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await mdas.addRevenueHead(req.actor, req.params.id, req.body)),
  );

  app.patch(
    '/mdas/:id/revenue-heads/:headId',
    {
      schema: {
        tags,
        operationId: 'updateRevenueHead',
        summary: 'Update a revenue head',
        description: 'Changes the fields sent; `isActive: false` deactivates the revenue head.',
        params: RevenueHeadParams,
        body: RevenueHeadPatch,
        response: { 200: RevenueHeadView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'mda:write' },
    },
    (req) => mdas.updateRevenueHead(req.actor, req.params.id, req.params.headId, req.body),
  );
};

/** A file's bytes as they are: Fastify never runs the serializer on a Buffer. */
