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
          "Raises a bill for a taxpayer: Remita issues its RRR (asked with the MDA's credentials) and the bill is kept as a pending payment. 502 when Remita cannot be reached.",
        body: InvoiceInput,
        response: { 201: PaymentView, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody, ...errors },
      },
      config: { permission: 'invoice:write' },
    },
    async (req, reply) => reply.code(201).send(await invoices.raiseInvoice(req.actor, req.body)),
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
          'Cancels a bill not yet paid, with a reason; recorded in the audit trail. 409 once it is paid.',
        params: PaymentIdParams,
        body: ReasonInput,
        response: { 200: PaymentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'invoice:write' },
    },
    (req) => invoices.cancelInvoice(req.actor, req.params.id, req.body.reason),
  );
};
