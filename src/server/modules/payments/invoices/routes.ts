import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  InvoiceInput,
  InvoiceListQuery,
  InvoicePage,
  PaymentIdParams,
  PaymentView,
  ReasonInput,
} from '../../../../shared/payments';
import type { PaymentDeps } from '../deps';
import { createInvoiceService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['invoices'];

/** Bills raised here: an RRR from Remita for a taxpayer; list; cancel. */
export const invoiceRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const invoices = createInvoiceService(deps);

  app.post(
    '/invoices',
    {
      schema: {
        tags,
        operationId: 'createInvoice',
        summary: 'Raise a bill',
        description:
          "Raises a bill for a taxpayer: the bill is recorded as a pending payment with its order id, then Remita issues its RRR (asked with the MDA's credentials). 201 with the RRR. 202 when Remita's answer did not come (time-out, network error, 5xx): the bill exists with `isRrrPendingConfirmation` and no RRR yet, which RevDesk confirms with Remita by the order id; do not raise it again. 502 when Remita refused the bill (the bill is kept as failed, with Remita's reason).",
        body: InvoiceInput,
        response: {
          201: PaymentView,
          202: PaymentView,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'invoice:write' },
    },
    async (req, reply) => {
      const bill = await invoices.raiseInvoice(req.actor, req.body);
      return reply.code(bill.isRrrPendingConfirmation ? 202 : 201).send(bill);
    },
  );

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        operationId: 'listInvoices',
        summary: 'List bills',
        description:
          "Bills raised in RevDesk, newest first, a page at a time. MDA staff see their own MDAs' bills only.",
        querystring: InvoiceListQuery,
        response: { 200: InvoicePage, ...errors },
      },
      config: { permission: 'invoice:write' },
    },
    (req) => invoices.findInvoices(req.actor, req.query),
  );

  app.post(
    '/invoices/:id/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelInvoice',
        summary: 'Cancel a bill',
        description:
          "Cancels a bill not yet paid, with a reason; recorded in the audit trail. 409 once it is paid, and for a demand notice's bill: the notice is cancelled instead (POST /api/v1/demand-notices/{id}/cancel), its bill with it.",
        params: PaymentIdParams,
        body: ReasonInput,
        response: { 200: PaymentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'invoice:write' },
    },
    (req) => invoices.cancelInvoice(req.actor, req.params.id, req.body.reason),
  );
};
