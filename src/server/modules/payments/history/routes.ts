import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PaymentIdParams,
  PaymentListQuery,
  PaymentPage,
  PaymentView,
} from '../../../../shared/payments';
import { sendExport } from '../../../export/exportList';
import type { PaymentDeps } from '../deps';
import { createPaymentHistoryService } from './service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['payments'];

/**
 * Payment history and one payment (docs/product.md §7 transaction/filter, transaction/filter-date); the
 * reversal, the e-receipt and the public receipt check are receipts/routes.ts.
 */
export const paymentHistoryRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (
  app,
  { db, config, secrets, settlements, integrations, log },
) => {
  const payments = createPaymentHistoryService({
    db,
    config,
    secrets,
    settlements,
    integrations,
    log,
  });

  app.get(
    '/payments',
    {
      schema: {
        tags,
        operationId: 'listPayments',
        summary: 'List payments',
        description:
          'Payment history by the filters given, a page at a time, with the totals of the whole filtered set. A payer-name search (`customerName`, matched word by word, forgiving a wrong letter or two swapped ones) matching more than 1,000 payments past the page is counted only that far: `isTotalCapped` is true and the sums are null. With `format=csv` or `format=xlsx` the same filter comes back as a file (at most 1,000,000 rows, streamed; amounts in naira under a header naming NGN, dates as dates in XLSX) instead of JSON.',
        querystring: PaymentListQuery,
        response: { 200: PaymentPage, ...errors },
      },
      config: { permission: 'payment:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return payments.findPayments(req.actor, req.query);
      return sendExport(reply, await payments.exportPayments(req.actor, { ...req.query, format }));
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
};
