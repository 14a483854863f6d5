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
  { db, config, secrets, settlements, integrations },
) => {
  const payments = createPaymentService({ db, config, secrets, settlements, integrations });

  app.get(
    '/payments',
    {
      schema: {
        tags,
        operationId: 'listPayments',
        summary: 'List payments',
        description:
          'Payment history by the filters given, a page at a time, with the totals of the whole filtered set. A payer-name search (`customerName`, matched word by word, forgiving a wrong letter or two swapped ones) matching more than 1,000 payments past the page is counted only that far: `isTotalCapped` is true and the sums are null. With `format=csv` or `format=xlsx` the same filter comes back as a file (at most 50,000 rows) instead of JSON.',
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
        operationId: 'getPayment',
        summary: 'Get a payment',
        description: 'One payment, with its RRR, payer, MDA, revenue head and status.',
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
        operationId: 'reversePayment',
        summary: 'Reverse a payment',
        description:
          'Reverses a paid payment, with the reason; recorded in the audit trail. 409 when it is not paid.',
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
        operationId: 'getPaymentReceipt',
        summary: "Download a payment's receipt",
        description:
          'The e-receipt of a paid payment, as PDF. 409 for a payment in any other status.',
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
        operationId: 'verifyReceipt',
        summary: 'Verify a receipt',
        description:
          'Whether a receipt number is genuine, with what it was paid for: what the QR code on a receipt opens. Needs no session. Encode the slashes of the number (BIRS%2F2026%2F0000042).',
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
