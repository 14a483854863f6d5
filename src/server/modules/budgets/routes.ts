import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUDGET_IMPORT_MAX_BYTES } from '../../../shared/budgets/file';
import {
  BudgetCatalogue,
  BudgetImportAccepted,
  BudgetImportParams,
  BudgetImportView,
  BudgetQuery,
  BudgetTemplateQuery,
  BudgetView,
  BudgetYearParams,
  NewBudgetVersionBody,
} from '../../../shared/budgets/views';
import { ErrorBody } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import type { BatchUploadWords } from '../../files/batchUpload';
import { uploadRoute } from '../../files/uploadRoute';
import { receiveUpload } from '../../uploads/receive';
import { createBudgetService } from './service';

const SheetFile = z.string().meta({ format: 'binary' });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
const tags = ['budgets'];

const WORDS: BatchUploadWords = {
  notMultipart: 'Send the budget file as multipart/form-data, in the field "file".',
  noFile: 'Choose the budget file (.xlsx or .csv) to import (field "file").',
  tooLarge: 'The file is larger than 4 MB: a budget file holds at most 5,000 lines.',
  oneFileOnly: 'Import one file at a time.',
  tooManyFields: 'The upload holds more fields than the page sends (the file and a note).',
};

/**
 * The revenue budget (docs/budgets.md): read by year and version (`budget:read`; MDA staff see
 * their MDAs' lines), kept by ADMIN and DG_BUDGET (`budget:write`): a new version typed on the
 * page or imported from a file through the one upload path (ADR 0030), the template and the
 * version's lines as a file through the one export path (ADR 0029).
 */
export const budgetRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const budgets = createBudgetService(deps);
  await app.register(fastifyMultipart, {
    limits: { fileSize: BUDGET_IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  });

  app.get(
    '/budgets/revenue-heads',
    {
      schema: {
        tags,
        operationId: 'listBudgetRevenueHeads',
        summary: 'The MDAs and revenue heads a budget may hold',
        description:
          'Every active MDA with its active revenue heads (economic codes), for the budget page’s "add a line".',
        response: { 200: BudgetCatalogue, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'budget:write' },
    },
    () => budgets.getCatalogue(),
  );

  app.get(
    '/budgets/:year',
    {
      schema: {
        tags,
        operationId: 'getBudget',
        summary: 'A year’s revenue budget',
        description:
          'The newest version of the year (the one reports use) or `version`, with who made it, when and why, every version of the year, and its lines: per MDA and economic code, the annual amount and the twelve months (kobo). MDA staff get only their MDAs’ lines. With format=csv|xlsx, the lines as a file (the import reads it back). 404 when the year has no budget.',
        params: BudgetYearParams,
        querystring: BudgetQuery,
        response: { 200: BudgetView, 422: ErrorBody, ...errors },
      },
      config: { permission: 'budget:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return budgets.getBudget(req.actor, req.params.year, req.query);
      return sendExport(
        reply,
        await budgets.exportBudget(req.actor, req.params.year, { ...req.query, format }),
      );
    },
  );

  app.post(
    '/budgets/:year/versions',
    {
      schema: {
        tags,
        operationId: 'createBudgetVersion',
        summary: 'Save a revised budget as a new version',
        description:
          'Every line of the new version (a version is whole) and why it is made. Months left out are phased evenly (docs/budgets.md). A line whose MDA is unknown, whose economic code is not a revenue head of that MDA, whose months do not add up, or that repeats an MDA and code is a 422 naming each row and field, and nothing is stored. `basedOnVersion`: the version the page started from; a newer one saved meanwhile is a 409. Answers the new version.',
        params: BudgetYearParams,
        body: NewBudgetVersionBody,
        response: { 201: BudgetView, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'budget:write' },
    },
    async (req, reply) =>
      reply.code(201).send(await budgets.createVersion(req.actor, req.params.year, req.body)),
  );

  app.post(
    '/budgets/:year/import',
    uploadRoute({
      maxBytes: BUDGET_IMPORT_MAX_BYTES,
      permission: 'budget:write',
      schema: {
        tags,
        operationId: 'importBudget',
        summary: 'Import a year’s budget from a file',
        description:
          'A `multipart/form-data` request: `file`, CSV or XLSX with the columns `MDA code`, `economic code`, `annual amount (₦)` and optionally `Jan` … `Dec` (headers matched whatever their case and spacing; at most 5,000 lines, 4 MB), and `note`, why this version is made. A wrong header, an unknown MDA code, an economic code that is not a revenue head of that MDA, a negative or non-numeric amount, months that do not add up, a repeated MDA and code, an empty file, too many lines or a binary file is a 422 naming each line and field (`details.rows`), and nothing is stored. Answers 202 with a job id: follow it with `getBudgetImport`; the job stores the next version.',
        params: BudgetYearParams,
        response: { 202: BudgetImportAccepted, 400: ErrorBody, 409: ErrorBody },
      },
    }),
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await receiveUpload(req, deps.db, WORDS, (upload) =>
            budgets.importBudget(req.actor, req.params.year, upload),
          ),
        ),
  );

  app.get(
    '/budgets/:year/imports/:jobId',
    {
      schema: {
        tags,
        operationId: 'getBudgetImport',
        summary: 'A budget import’s progress',
        description:
          'Status, lines stored so far, and the version stored once it has succeeded. Seen by the officer who uploaded it and administrators.',
        params: BudgetImportParams,
        response: { 200: BudgetImportView, ...errors },
      },
      config: { permission: 'budget:write' },
    },
    (req) => budgets.getImport(req.actor, req.params.year, req.params.jobId),
  );

  app.get(
    '/budgets/:year/template',
    {
      schema: {
        tags,
        operationId: 'getBudgetTemplate',
        summary: 'Download the budget import template',
        description:
          'The import file’s header and one line per active MDA and revenue head, with the newest version’s amounts where the year has one (blank lines are skipped on import). XLSX by default, or format=csv.',
        params: BudgetYearParams,
        querystring: BudgetTemplateQuery,
        response: { 200: SheetFile, 422: ErrorBody, ...errors },
      },
      config: { permission: 'budget:write' },
    },
    async (req, reply) =>
      sendExport(reply, await budgets.exportTemplate(req.actor, req.params.year, req.query.format)),
  );
};
