import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssessingOfficerList,
  AssessingOfficersQuery,
  AssessmentBillInput,
  AssessmentBillView,
  AssessmentDetail,
  AssessmentIdParams,
  AssessmentListQuery,
  AssessmentPage,
  AssessmentReasonInput,
  AssessmentView,
  BacklogAssessmentInput,
  DirectAssessmentInput,
  DirectAssessmentUpdate,
  PresumptiveAssessmentInput,
  PresumptiveAssessmentUpdate,
} from '../../../shared/assessments';
import { ErrorBody } from '../../../shared/errors';
import { ComputeIncomeTaxInput, PersonalIncomeTaxComputation } from '../../../shared/tax';
import { sendExport } from '../../export/exportList';
import type { PaymentDeps } from '../payments/deps';
import { createBacklogService } from './backlog/backlog';
import { createAssessmentListService } from './list/service';
import { createAssessmentBillService } from './money/bills';
import { createPenaltyService } from './money/penalty';
import { createAssessmentService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['assessments'];

/** Direct and presumptive assessments: compute, drafts, issue, cancel, list, one, bill. */
export const assessmentRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const assessments = createAssessmentService(deps);
  const lists = createAssessmentListService(deps);
  const bills = createAssessmentBillService(deps);
  const backlog = createBacklogService(deps);
  const penalties = createPenaltyService(deps);

  app.post(
    '/assessments/direct/compute',
    {
      schema: {
        tags,
        operationId: 'computeIncomeTax',
        summary: 'Compute personal income tax',
        description:
          'Compute personal income tax for a year from incomes and deductions, under the law of that year; nothing is stored. A deduction above its cap is allowed up to the cap and marked `capped`',
        body: ComputeIncomeTaxInput,
        response: { 200: PersonalIncomeTaxComputation, ...errors },
      },
      config: { permission: 'assessment:compute' },
    },
    (req) => assessments.computeDirect(req.actor, req.body),
  );

  app.post(
    '/assessments/direct',
    {
      schema: {
        tags,
        operationId: 'createDirectAssessment',
        summary: 'Create a draft direct assessment',
        description:
          "Create a draft direct assessment for an individual's BTIN and year; the tax is computed and stored with it",
        body: DirectAssessmentInput,
        response: { 201: AssessmentView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:create' },
    },
    async (req, reply) =>
      reply.code(201).send(await assessments.createDirectDraft(req.actor, req.body)),
  );

  app.put(
    '/assessments/:id',
    {
      schema: {
        tags,
        operationId: 'updateDirectAssessment',
        summary: 'Update a draft direct assessment',
        description:
          'Replace the figures of a draft direct assessment (send the version you read: 409 when someone saved since, or once it is issued)',
        params: AssessmentIdParams,
        body: DirectAssessmentUpdate,
        response: { 200: AssessmentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:create' },
    },
    (req) => assessments.updateDirectDraft(req.actor, req.params.id, req.body),
  );

  app.put(
    '/assessments/:id/presumptive',
    {
      schema: {
        tags,
        operationId: 'updatePresumptiveAssessment',
        summary: 'Update a draft presumptive tax assessment',
        description:
          'Replace the trade category, size or turnover, place of trade and note of a draft presumptive assessment, as a direct draft is edited (send the version you read: 409 when someone saved since, or once it is issued)',
        params: AssessmentIdParams,
        body: PresumptiveAssessmentUpdate,
        response: { 200: AssessmentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:create' },
    },
    (req) => assessments.updatePresumptiveDraft(req.actor, req.params.id, req.body),
  );

  app.post(
    '/assessments/presumptive',
    {
      schema: {
        tags,
        operationId: 'createPresumptiveAssessment',
        summary: 'Create a draft presumptive tax assessment',
        description:
          "Create a draft presumptive tax assessment from a trade category, the trader's size or estimated turnover, and the place of trade",
        body: PresumptiveAssessmentInput,
        response: { 201: AssessmentView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:create' },
    },
    async (req, reply) =>
      reply.code(201).send(await assessments.createPresumptiveDraft(req.actor, req.body)),
  );

  app.post(
    '/assessments/:id/issue',
    {
      schema: {
        tags,
        operationId: 'issueAssessment',
        summary: 'Issue an assessment',
        description:
          'Issue a draft: it gets its notice number, issue date and due date. 409 when it is not a draft, or another assessment stands for the taxpayer, year and kind',
        params: AssessmentIdParams,
        response: { 200: AssessmentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:issue' },
    },
    (req) => assessments.issue(req.actor, req.params.id),
  );

  app.post(
    '/assessments/:id/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelAssessment',
        summary: 'Cancel an assessment',
        description:
          'Cancel a draft or an issued assessment, with the reason (audited); 409 once anything is paid on it',
        params: AssessmentIdParams,
        body: AssessmentReasonInput,
        response: { 200: AssessmentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:issue' },
    },
    (req) => assessments.cancel(req.actor, req.params.id, req.body.reason),
  );

  app.post(
    '/assessments/backlog',
    {
      schema: {
        tags,
        operationId: 'captureBacklogAssessment',
        summary: 'Capture a past year already paid',
        description:
          'Enter a past year’s assessment already paid outside RevDesk, with its figures and receipts: each RRR is checked with Remita and recorded; a receipt without an RRR is recorded by hand (409 when another entry used it)',
        body: BacklogAssessmentInput,
        response: {
          201: AssessmentView,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'assessment:backlog' },
    },
    async (req, reply) => reply.code(201).send(await backlog.captureBacklog(req.actor, req.body)),
  );

  app.post(
    '/assessments/:id/waive-penalty',
    {
      schema: {
        tags,
        operationId: 'waiveAssessmentPenalty',
        summary: 'Waive late-payment penalty and interest',
        description:
          'Waive the late-payment penalty and interest of an assessment still owed, with the reason (audited)',
        params: AssessmentIdParams,
        body: AssessmentReasonInput,
        response: { 200: AssessmentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'penalty:waive' },
    },
    (req) => penalties.waivePenalty(req.actor, req.params.id, req.body.reason),
  );

  app.get(
    '/assessments',
    {
      schema: {
        tags,
        operationId: 'listAssessments',
        summary: 'List assessments',
        description:
          'Assessments of the kinds the officer works with, by filter, with totals of the filtered set (tax, paid, outstanding); with format=csv|xlsx, the same filter as a file (at most 50,000 rows). A taxpayer’s assessments: ?btin=',
        querystring: AssessmentListQuery,
        response: { 200: AssessmentPage, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return lists.findAssessments(req.actor, req.query);
      return sendExport(reply, await lists.exportAssessments(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/assessments/officers',
    {
      schema: {
        tags,
        operationId: 'listAssessingOfficers',
        summary: 'List the officers who have assessed',
        description:
          'The officers who created assessments of the kinds the caller reads (one kind with ?kind=), by name: the choices of the list’s officer filter (createdBy).',
        querystring: AssessingOfficersQuery,
        response: { 200: AssessingOfficerList, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    (req) => lists.findAssessingOfficers(req.actor, req.query),
  );

  app.get(
    '/assessments/:id',
    {
      schema: {
        tags,
        operationId: 'getAssessment',
        summary: 'Get an assessment',
        description:
          'One assessment with its stored computation, the payments linked to it (receipts), its objections and its history',
        params: AssessmentIdParams,
        response: { 200: AssessmentDetail, 404: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    (req) => assessments.getAssessment(req.actor, req.params.id),
  );

  app.post(
    '/assessments/:id/bill',
    {
      schema: {
        tags,
        operationId: 'raiseAssessmentBill',
        summary: 'Raise the bill of an assessment',
        description:
          "Raise the bill (RRR) of an issued or part-paid assessment for what it owes today: tax outstanding plus penalty and interest not waived. Without an MDA, the first the officer may bill for and its first active revenue head. An assessment has one pending bill at a time: while one waits for its money, 409 `BILL_PENDING` names it (`details.paymentId`, `details.rrr`); send `replacePendingBill` with that id to cancel it and raise a new one. Raising and cancelling are in the assessment's history",
        params: AssessmentIdParams,
        body: AssessmentBillInput,
        response: {
          201: AssessmentBillView,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'assessment:issue' },
    },
    async (req, reply) =>
      reply.code(201).send(await bills.raiseBill(req.actor, req.params.id, req.body)),
  );
};

/** Sends a file's bytes as they are (see payments/history/routes.ts). */
