import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PaymentIdParams,
  PaymentView,
  PublicReceiptView,
  ReasonInput,
} from '../../../../shared/payments';
import { AmountMatchQuery, PublicCodeParams, PublicMatch } from '../../../../shared/publicCheck';
import { sendBytes } from '../../../files/send';
import { noStore } from '../../../security/noStore';
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
    '/public/receipts/match',
    {
      schema: {
        tags,
        operationId: 'matchReceipt',
        summary: 'Match a receipt number with its amount',
        description:
          'Whether a paid, unreversed receipt has this number and this amount (in kobo): `match` true or false, nothing else (ADR 0032). For a receipt printed before the verification codes, or typed without its code. Needs no session; rate-limited per address; never cached.',
        querystring: AmountMatchQuery,
        response: { 200: PublicMatch, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => receipts.matchReceipt(req.actor, req.query.number, req.query.amountKobo),
  );

  app.get(
    '/public/receipts/:code',
    {
      schema: {
        tags,
        operationId: 'verifyReceipt',
        summary: 'Verify a receipt by its code',
        description:
          "Whether the receipt with this verification code (10 letters and digits, printed under its QR code) is genuine: its number, amount, day paid, MDA and the payer's name masked (ADR 0032). What the QR code on a receipt opens. Needs no session; rate-limited per address; never cached.",
        params: PublicCodeParams,
        response: { 200: PublicReceiptView, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => receipts.verifyReceipt(req.actor, req.params.code),
  );
};
