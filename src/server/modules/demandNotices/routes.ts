import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelDemandNoticeInput,
  DemandNoticeCreated,
  DemandNoticeIdParams,
  DemandNoticeInput,
  DemandNoticeListQuery,
  DemandNoticePage,
  DemandNoticeView,
  MdaTransactionQuery,
  MdaTransactionReport,
  PublicDemandNoticeView,
} from '../../../shared/demandNotices';
import { ErrorBody } from '../../../shared/errors';
import { AmountMatchQuery, PublicCodeParams, PublicMatch } from '../../../shared/publicCheck';
import { sendExport } from '../../export/exportList';
import { noStore } from '../../security/noStore';
import type { PaymentDeps } from '../payments/deps';
import { createDemandNoticePrinting } from './printing';
import { createDemandNoticeRebill } from './rebill';
import { createMdaTransactionReport } from './report';
import { createDemandNoticeService } from './service';

const Binary = z.string().meta({ format: 'binary' });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['demand-notices'];

/**
 * MDA demand notices (docs/product.md §2 mda/generate-assessment), their paper and public check,
 * and the MDA transaction report (reporting/mda-transaction-report).
 */
export const demandNoticeRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const notices = createDemandNoticeService(deps);
  const printing = createDemandNoticePrinting(deps);
  const report = createMdaTransactionReport(deps);
  const rebill = createDemandNoticeRebill(deps);

  app.post(
    '/demand-notices',
    {
      schema: {
        tags,
        operationId: 'createDemandNotice',
        summary: 'Issue an MDA demand notice',
        description:
          "Issues a demand notice of an MDA the officer holds the privilege of: the payer by BTIN, or by name and phone (matched by phone, else registered, as a Remita payer is), lines on that MDA's revenue heads (quantity × unit amount), a due date. One RRR for the total is raised with the MDA's own Remita credentials; When Remita's answer was lost the notice is still 201 (it and its bill are recorded) with `bill.rrr` null and `bill.isRrrPendingConfirmation` true: RevDesk confirms the RRR by the bill's order id (ADR 0020); do not issue it again. A line on another MDA's revenue head is 403.",
        body: DemandNoticeInput,
        response: {
          201: DemandNoticeCreated,
          404: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'demand-notice:issue' },
    },
    async (req, reply) =>
      reply.code(201).send(await notices.createDemandNotice(req.actor, req.body)),
  );

  app.get(
    '/demand-notices',
    {
      schema: {
        tags,
        operationId: 'listDemandNotices',
        summary: 'List demand notices',
        description:
          "Demand notices of the MDAs the officer may see (MDA staff: their MDAs'), by MDA, revenue head, status (overdue: past due and unpaid), issued between, payer.",
        querystring: DemandNoticeListQuery,
        response: { 200: DemandNoticePage, ...errors },
      },
      config: { permission: 'demand-notice:read' },
    },
    (req) => notices.findDemandNotices(req.actor, req.query),
  );

  app.get(
    '/demand-notices/:id',
    {
      schema: {
        tags,
        operationId: 'getDemandNotice',
        summary: 'Get a demand notice',
        description:
          'One demand notice with its lines, its bill (RRR) and what was paid on it. A bill whose RRR is pending confirmation is first confirmed with Remita by its order id, as opening the bill does (ADR 0020).',
        params: DemandNoticeIdParams,
        response: { 200: DemandNoticeView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'demand-notice:read' },
    },
    (req) => notices.getDemandNotice(req.actor, req.params.id),
  );

  app.get(
    '/demand-notices/:id/notice.pdf',
    {
      schema: {
        tags,
        operationId: 'getDemandNoticePdf',
        summary: 'Get a demand notice (PDF)',
        description:
          'The demand notice as PDF, on the letterhead: its lines, total, RRR and how to pay, and a QR code to check it.',
        params: DemandNoticeIdParams,
        response: { 200: Binary, 404: ErrorBody, ...errors },
      },
      config: { permission: 'demand-notice:read' },
    },
    async (req, reply) => {
      const file = await printing.noticePdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      return sendPdf(reply, file);
    },
  );

  app.post(
    '/demand-notices/:id/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelDemandNotice',
        summary: 'Cancel a demand notice',
        description:
          'Cancels a demand notice no money has reached, with a reason; its bill not yet paid is cancelled with it. A notice with money on it is 409.',
        params: DemandNoticeIdParams,
        body: CancelDemandNoticeInput,
        response: { 200: DemandNoticeView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'demand-notice:issue' },
    },
    (req) => notices.cancelDemandNotice(req.actor, req.params.id, req.body.reason),
  );

  app.post(
    '/demand-notices/:id/bill',
    {
      schema: {
        tags,
        operationId: 'raiseDemandNoticeBillAgain',
        summary: "Raise a demand notice's bill again",
        description:
          "For a notice whose bill Remita refused (the bill `failed`, no RRR): a new bill for the notice's total with the MDA's own credentials, as when it was issued; audited `demand_notice.billed_again`. At most one pending bill per notice: a notice with a bill not yet paid is 409 `BILL_PENDING` naming it (two officers at once: one bill, one 409); a cancelled or (part-)paid notice, or one whose bill was not refused, is 409. When Remita refuses again the answer is Remita's error (502/422) and the new bill is `failed` too; when its answer is lost the notice is 201 with its bill pending confirmation (ADR 0020).",
        params: DemandNoticeIdParams,
        response: {
          201: DemandNoticeView,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          503: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'demand-notice:issue' },
    },
    async (req, reply) =>
      reply.code(201).send(await rebill.raiseBillAgain(req.actor, req.params.id)),
  );

  app.get(
    '/public/demand-notices/match',
    {
      schema: {
        tags,
        operationId: 'matchDemandNotice',
        summary: 'Match a demand notice number with its total',
        description:
          'Whether a demand notice not cancelled has this number and this total (in kobo, as printed): `match` true or false, nothing else (ADR 0032). For a notice typed without its code. Needs no session; rate-limited per address with the check by code; never cached.',
        querystring: AmountMatchQuery,
        response: { 200: PublicMatch, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => printing.matchNotice(req.actor, req.query.number, req.query.amountKobo),
  );

  app.get(
    '/public/demand-notices/:code',
    {
      schema: {
        tags,
        operationId: 'verifyDemandNotice',
        summary: 'Check a demand notice by its code',
        description:
          "Is the demand notice with this verification code (10 letters and digits, printed under its QR code) genuine, and does it stand? Its number, status, MDA, total, days issued and due, and the payer's name masked (ADR 0032). A notice number in place of the code is a 422: the number alone is checked with its total (`GET /api/v1/public/demand-notices/match`). Needs no session; rate-limited per address; never cached.",
        params: PublicCodeParams,
        response: { 200: PublicDemandNoticeView, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => printing.verifyNotice(req.actor, req.params.code),
  );

  app.get(
    '/reports/mda-transactions',
    {
      schema: {
        tags: ['reports'],
        operationId: 'getMdaTransactionReport',
        summary: 'MDA transaction report',
        description:
          "One item per demand notice of the MDAs the officer may see (MDA staff: their MDAs'), by MDA, revenue head, status, issued between (from, to) and payer, with totals billed / paid / outstanding and a count per status (the status filter left out of the counts). Paid is the ledger's. With format=csv|xlsx, the same filter as a file (at most 50,000 rows).",
        querystring: MdaTransactionQuery,
        response: { 200: MdaTransactionReport, ...errors },
      },
      config: { permission: 'demand-notice:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return report.findMdaTransactions(req.actor, req.query);
      return sendExport(
        reply,
        await report.exportMdaTransactions(req.actor, { ...req.query, format }),
      );
    },
  );
};

/** A PDF's bytes as they are (Fastify never serialises a Buffer). */
function sendPdf(reply: FastifyReply, file: { body: Buffer; fileName: string }) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    })
    .send(file.body);
}
