import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PaymentIdParams,
  PaymentView,
  PublicReceiptView,
  ReasonInput,
  ReceiptNumberParams,
} from '../../../../shared/payments';
import type { PaymentDeps } from '../deps';
import { createReceiptService } from './service';

const Binary = z.string().meta({ format: 'binary' });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['payments'];

/** A payment's reversal, its e-receipt, and the public receipt check. */
export const receiptRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (
  app,
  { db, config, settlements },
) => {
  const receipts = createReceiptService({ db, config, settlements });

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
    (req) => receipts.reversePayment(req.actor, req.params.id, req.body.reason),
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
      const receipt = await receipts.receiptPdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      return sendBytes(reply, receipt.body, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${receipt.fileName}"`,
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
    (req) => receipts.verifyReceipt(req.actor, req.params.receiptNumber),
  );
};

/**
 * Sends a file's bytes as they are. Fastify never runs the response serializer on a Buffer;
 * the typed reply of the zod provider does not know that, hence the plain FastifyReply.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer, headers: Record<string, string>) {
  return reply.headers(headers).send(bytes);
}
