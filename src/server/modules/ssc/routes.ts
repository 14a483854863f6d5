import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import { SSC_SCHEDULE_MAX_BYTES } from '../../../shared/ssc/enums';
import {
  SscBillInput,
  SscRateList,
  SscScheduleDetail,
  SscScheduleEntryInput,
  SscScheduleIdParams,
  SscScheduleListQuery,
  SscSchedulePage,
  SscScheduleView,
} from '../../../shared/ssc/views';
import { sendExport } from '../../export/exportList';
import { sendFile } from '../../files/send';
import { uploadRoute } from '../../files/uploadRoute';
import { receiveUpload } from '../../uploads/receive';
import type { PaymentDeps } from '../payments/deps';
import { createSscBillService } from './bill';
import { SSC_MULTIPART_LIMITS, SSC_UPLOAD_WORDS } from './file';
import { createSscService } from './service';

const CsvFile = z.string().meta({ format: 'binary' });
const errors = { 401: ErrorBody, 403: ErrorBody } as const;
const tags = ['ssc'];

/**
 * SSC levies on public pay (docs/tax-rules.md "SSC levies"; docs/product.md §7's three SSC
 * lists, one `category` each). ADMIN stores schedules and bills them (`ssc:write`); EXECUTIVE and
 * DG_BUDGET read them (`ssc:read`), as ADMIN does. A new schedule answers 201, a corrected one
 * that replaced the month's unbilled schedule 200.
 */
export const sscRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const ssc = createSscService(deps);
  const bills = createSscBillService(deps);
  await app.register(fastifyMultipart, { limits: SSC_MULTIPART_LIMITS });

  app.post(
    '/ssc/schedules',
    uploadRoute({
      maxBytes: SSC_SCHEDULE_MAX_BYTES,
      permission: 'ssc:write',
      schema: {
        tags,
        operationId: 'uploadSscSchedule',
        summary: 'Upload an MDA’s monthly SSC schedule',
        description:
          'A `multipart/form-data` request: `file` (CSV or XLSX with the header staff_id, name, grade_level, gross_monthly_pay; at most 5,000 staff and 5 MB), `mdaId` (the employer), `category` (`office-holders`, `civil-servants` or `federal-civil-servants`) and `month` (`YYYY-MM`). Each row’s levy is its gross pay times the rate of its category and grade-level band in force that month. A wrong header, a duplicate staff id, a non-numeric pay or a grade level without a rate is a 422 naming each row and field (`details.rows`), and nothing is stored. A month’s schedule of one MDA and category exists once: a corrected upload replaces an unbilled one (200), and is refused with 409 once billed.',
        response: { 200: SscScheduleView, 201: SscScheduleView, 404: ErrorBody, 409: ErrorBody },
      },
    }),
    async (req, reply) => {
      const view = await receiveUpload(req, deps.db, SSC_UPLOAD_WORDS, (upload) =>
        ssc.uploadSchedule(req.actor, upload),
      );
      return reply.code(view.replacedTimes > 0 ? 200 : 201).send(view);
    },
  );

  app.post(
    '/ssc/schedule-entries',
    {
      schema: {
        tags,
        operationId: 'enterSscSchedule',
        summary: 'Enter an MDA’s monthly SSC schedule by hand',
        description:
          'The upload’s schedule as JSON: `mdaId`, `category`, `month` and `rows` (staffId, name, gradeLevel, grossKobo). The same rules: a duplicate staff id or a grade level without a rate is a 422 naming each row (`rows.N.field`), nothing stored; a corrected schedule replaces an unbilled one (200), 409 once billed.',
        body: SscScheduleEntryInput,
        response: {
          200: SscScheduleView,
          201: SscScheduleView,
          409: ErrorBody,
          422: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'ssc:write' },
    },
    async (req, reply) => {
      const view = await ssc.enterSchedule(req.actor, req.body);
      return reply.code(view.replacedTimes > 0 ? 200 : 201).send(view);
    },
  );

  app.get(
    '/ssc/schedules',
    {
      schema: {
        tags,
        operationId: 'listSscSchedules',
        summary: 'List SSC schedules',
        description:
          'Schedules by `category` (one list each), `month`, `mdaId` and `status`, a page at a time, with the totals of the whole filter (schedules, staff, gross pay, levy). With `format=csv` or `format=xlsx` the same filter comes back as a file.',
        querystring: SscScheduleListQuery,
        response: { 200: SscSchedulePage, 422: ErrorBody, ...errors },
      },
      config: { permission: 'ssc:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return ssc.listSchedules(req.actor, req.query);
      return sendExport(reply, await ssc.exportSchedules(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/ssc/schedules/template.csv',
    {
      schema: {
        tags,
        operationId: 'getSscScheduleTemplate',
        summary: 'Download the SSC schedule template',
        description: 'The header every schedule file must have, and two example rows.',
        response: { 200: CsvFile, ...errors },
      },
      config: { permission: 'ssc:write' },
    },
    async (_req, reply) => sendFile(reply, ssc.template()),
  );

  app.get(
    '/ssc/schedules/:id',
    {
      schema: {
        tags,
        operationId: 'getSscSchedule',
        summary: 'Get an SSC schedule with its rows and bill',
        description:
          'The schedule, each row with its grade level, gross pay, rate (and whether it is a demo rate) and levy, and its bill (RRR) if one was raised.',
        params: SscScheduleIdParams,
        response: { 200: SscScheduleDetail, 404: ErrorBody, 422: ErrorBody, ...errors },
      },
      config: { permission: 'ssc:read' },
    },
    (req) => ssc.getSchedule(req.actor, req.params.id),
  );

  app.post(
    '/ssc/schedules/:id/bill',
    {
      schema: {
        tags,
        operationId: 'billSscSchedule',
        summary: 'Raise the bill (RRR) of an SSC schedule',
        description:
          'One bill for the schedule’s whole levy, paid by the employer MDA. `mdaId` and `revenueHeadCode` choose who collects it: by default the revenue service’s own MDA (code `BIRS`) under the SSC levy’s revenue head (`12010702`). 422 naming what an administrator must add when that MDA or head is missing or inactive. 409 when the schedule is billed or paid already; paying the bill marks the schedule paid.',
        params: SscScheduleIdParams,
        body: SscBillInput,
        response: {
          200: SscScheduleDetail,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'ssc:write' },
    },
    (req) => bills.raiseBill(req.actor, req.params.id, req.body),
  );

  app.get(
    '/ssc/rates',
    {
      schema: {
        tags,
        operationId: 'listSscRates',
        summary: 'List the SSC rate table',
        description:
          'Every band of every category with the date it applies from; `isDemo` marks a rate without a public source.',
        response: { 200: SscRateList, ...errors },
      },
      config: { permission: 'ssc:read' },
    },
    () => ssc.listRates(),
  );
};
