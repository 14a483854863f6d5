import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TradeCategoryIdParams,
  TradeCategoryInput,
  TradeCategoryListQuery,
  TradeCategoryPage,
  TradeCategoryPatch,
  TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { ErrorBody } from '../../../../shared/errors';
import type { Db } from '../../../db/client';
import { sendExport } from '../../../export/exportList';
import { createTradeCategoryService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['trade categories'];

/**
 * The trade categories of presumptive tax: every assessor reads them, an administrator keeps
 * them (create, edit, deactivate). Amounts are kobo; a demo category says `isDemo`.
 */
export const assessmentCategoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const categories = createTradeCategoryService({ db });

  app.get(
    '/trade-categories',
    {
      schema: {
        tags,
        operationId: 'listTradeCategories',
        summary: 'List trade categories',
        description:
          'Trade categories by name, with search, active and rule filters; with format=csv|xlsx, the same filter as a file',
        querystring: TradeCategoryListQuery,
        response: { 200: TradeCategoryPage, ...errors },
      },
      config: { permission: 'trade-category:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return categories.findTradeCategories(req.actor, req.query);
      return sendExport(
        reply,
        await categories.exportTradeCategories(req.actor, { ...req.query, format }),
      );
    },
  );

  app.post(
    '/trade-categories',
    {
      schema: {
        tags,
        operationId: 'createTradeCategory',
        summary: 'Create a trade category',
        description:
          'Create a trade category: a fixed annual amount per trader size, or a rate on turnover above an exempt threshold (409 when the name is taken, in any case)',
        body: TradeCategoryInput,
        response: { 201: TradeCategoryView, 409: ErrorBody, ...errors },
      },
      config: { permission: 'trade-category:write' },
    },
    async (req, reply) => {
      const category = await categories.createTradeCategory(req.actor, req.body);
      return reply.code(201).send(category);
    },
  );

  app.get(
    '/trade-categories/:id',
    {
      schema: {
        tags,
        operationId: 'getTradeCategory',
        summary: 'Get a trade category',
        description: 'One trade category',
        params: TradeCategoryIdParams,
        response: { 200: TradeCategoryView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'trade-category:read' },
    },
    (req) => categories.getTradeCategory(req.actor, req.params.id),
  );

  app.patch(
    '/trade-categories/:id',
    {
      schema: {
        tags,
        operationId: 'updateTradeCategory',
        summary: 'Update a trade category',
        description:
          'Edit, deactivate (isActive false) or reactivate a trade category: the changed fields and the version read (409 when someone saved since, or the name is taken)',
        params: TradeCategoryIdParams,
        body: TradeCategoryPatch,
        response: { 200: TradeCategoryView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'trade-category:write' },
    },
    (req) => categories.updateTradeCategory(req.actor, req.params.id, req.body),
  );
};

/** A file's bytes as they are (Fastify never serialises a Buffer; see payments/history/routes.ts). */
