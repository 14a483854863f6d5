import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../shared/errors';
import {
  PaymentIdParams,
  PaymentListQuery,
  PaymentPage,
  PaymentView,
  PublicReceiptView,
  ReasonInput,
  ReceiptNumberParams,
} from '../../../shared/payments';
import type { PaymentDeps } from './deps';
import { createPaymentService } from './service';

const Binary = z.string().meta({ format: 'binary' });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['payments'];

/**
 * Payment history, one payment, its reversal and its e-receipt, and the public receipt check
 * (SPEC.md §7 transaction/filter, transaction/filter-date).
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (
  app,
  { db, config, secrets, settlements },
) => {
  const payments = createPaymentService({ db, config, secrets, settlements });

  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary:
          'Payment history by the SPEC.md filters, with totals of the filtered set; with format=csv|xlsx, the same filter as a file (at most 50,000 rows)',
        querystring: PaymentListQuery,
        response: { 200: PaymentPage, ...errors },
      },
      config: { permission: 'payment:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return payments.findPayments(req.actor, req.query);
      const file = await payments.exportPayments(req.actor, { ...req.query, format });
      return sendBytes(reply, file.body, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      });
    },
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags,
        summary: 'One payment',
        params: PaymentIdParams,
        response: { 200: PaymentView, 404: ErrorBody, ...errors },
      },
      config: { permission: 'payment:read' },
    },
    (req) => payments.getPayment(req.actor, req.params.id),
  );

  app.post(
    '/payments/:id/reverse',
    {
      schema: {
        tags,
        summary: 'Reverse a paid payment, with the reason (409 when it is not paid)',
        params: PaymentIdParams,
        body: ReasonInput,
        response: { 200: PaymentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'payment:reverse' },
    },
    (req) => payments.reversePayment(req.actor, req.params.id, req.body.reason),
  );

  app.get(
    '/payments/:id/receipt.pdf',
    {
      schema: {
        tags,
        summary: 'The e-receipt of a paid payment, as PDF (409 for any other status)',
        params: PaymentIdParams,
        response: { 200: Binary, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'payment:read' },
    },
    async (req, reply) => {
      const receipt = await payments.receiptPdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      return sendBytes(reply, receipt.body, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${receipt.fileName}"`,
        'cache-control': 'no-store',
      });
    },
  );

  app.get(
    '/public/receipts/:receiptNumber',
    {
      schema: {
        tags,
        summary:
          'Is this receipt genuine? For the page a receipt’s QR code opens; the number’s slashes URL-encoded (BIRS%2F2026%2F0000042)',
        params: ReceiptNumberParams,
        response: { 200: PublicReceiptView, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
    },
    (req) => payments.verifyReceipt(req.actor, req.params.receiptNumber),
  );
};

/**
 * Sends a file's bytes as they are. Fastify never runs the response serializer on a Buffer;
 * the typed reply of the zod provider does not know that, hence the plain FastifyReply.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer, headers: Record<string, string>) {
  return reply.headers(headers).send(bytes);
}
