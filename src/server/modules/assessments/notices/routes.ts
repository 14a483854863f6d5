import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NoticeAssessmentParams,
  ObjectionIdParams,
  PublicAssessmentView,
} from '../../../../shared/assessments/notices';
import { ErrorBody } from '../../../../shared/errors';
import { AmountMatchQuery, PublicCodeParams, PublicMatch } from '../../../../shared/publicCheck';
import { noStore } from '../../../security/noStore';
import { createNoticeService, type NoticeServiceDeps } from './service';

const Binary = z.string().meta({ format: 'binary' });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['assessments'];

/**
 * The documents of an assessment: its notice (PDF), the letter answering an objection (PDF), and
 * the public check a notice's QR code opens.
 */
export const assessmentNoticeRoutes: FastifyPluginAsyncZod<NoticeServiceDeps> = async (
  app,
  deps,
) => {
  const notices = createNoticeService(deps);

  app.get(
    '/assessments/:id/notice.pdf',
    {
      schema: {
        tags,
        operationId: 'getAssessmentNoticePdf',
        summary: 'Get the notice of assessment (PDF)',
        description:
          'The notice of assessment of an issued assessment, as PDF: the computation, the amount due with any late penalty and interest, how to pay, the right to object, and a QR code to check it (409 for a draft)',
        params: NoticeAssessmentParams,
        response: { 200: Binary, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    async (req, reply) => {
      const file = await notices.noticePdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/objections/:id/letter.pdf',
    {
      schema: {
        tags,
        operationId: 'getObjectionLetterPdf',
        summary: 'Get an objection decision letter (PDF)',
        description:
          'The letter answering a decided objection, as PDF: the notice objected to, the grounds, the decision and its reasons, any revised notice (409 while the objection is open)',
        params: ObjectionIdParams,
        response: { 200: Binary, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'assessment:read' },
    },
    async (req, reply) => sendPdf(reply, await notices.decisionLetterPdf(req.actor, req.params.id)),
  );

  app.get(
    '/public/assessments/match',
    {
      schema: {
        tags,
        operationId: 'matchAssessmentNotice',
        summary: 'Match a notice number with its tax assessed',
        description:
          'Whether a standing notice of assessment has this number and this tax assessed (in kobo): `match` true or false, nothing else (ADR 0032). For a notice printed before the verification codes, or typed without its code. Needs no session; rate-limited per address; never cached.',
        querystring: AmountMatchQuery,
        response: { 200: PublicMatch, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => notices.matchNotice(req.actor, req.query.number, req.query.amountKobo),
  );

  app.get(
    '/public/assessments/:code',
    {
      schema: {
        tags,
        operationId: 'verifyAssessmentNotice',
        summary: 'Check a notice of assessment by its code',
        description:
          "Is the notice of assessment with this verification code (10 letters and digits, printed under its QR code) genuine, and does it stand? Its number, year, kind, tax assessed, day issued and the taxpayer's name masked (ADR 0032). Needs no session; rate-limited per address; never cached.",
        params: PublicCodeParams,
        response: { 200: PublicAssessmentView, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => notices.verifyNotice(req.actor, req.params.code),
  );
};

/** A PDF's bytes as they are (Fastify never serialises a Buffer; see payments/history/routes.ts). */
function sendPdf(reply: FastifyReply, file: { body: Buffer; fileName: string }) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    })
    .send(file.body);
}
