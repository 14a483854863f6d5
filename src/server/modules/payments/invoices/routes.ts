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
        summary:
          "Raise a bill for a taxpayer: Remita gives its RRR (with the MDA's credentials), stored as a pending payment",
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
        summary: "The bills raised here, newest first (MDA staff: their MDAs' only)",
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
        summary: 'Cancel a bill not yet paid, with a reason (audited); 409 once it is paid',
        params: PaymentIdParams,
        body: ReasonInput,
        response: { 200: PaymentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'invoice:write' },
    },
    (req) => invoices.cancelInvoice(req.actor, req.params.id, req.body.reason),
  );
};
