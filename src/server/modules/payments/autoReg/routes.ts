import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  AutoRegPage,
  AutoRegQuery,
  MatchPayerInput,
  PaymentIdParams,
  PaymentView,
} from '../../../../shared/payments';
import type { PaymentDeps } from '../deps';
import { createAutoRegService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['payments'];

/** transactions/auto-reg: payers who paid with no BTIN, and matching them by hand. */
export const autoRegRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { db }) => {
  const autoReg = createAutoRegService({ db });

  app.get(
    '/payments/auto-reg',
    {
      schema: {
        tags,
        operationId: 'listAutoRegPayments',
        summary: 'List unmatched and auto-registered payments',
        description:
          'Paid payments that have no taxpayer yet (unmatched) or whose taxpayer was registered automatically, newest first, a page at a time.',
        querystring: AutoRegQuery,
        response: { 200: AutoRegPage, ...errors },
      },
      config: { permission: 'payment:match' },
    },
    (req) => autoReg.findAutoRegPayments(req.actor, req.query),
  );

  app.post(
    '/payments/:id/match',
    {
      schema: {
        tags,
        operationId: 'matchPaymentTaxpayer',
        summary: 'Match a payment to a taxpayer',
        description:
          'Gives an unmatched payment its taxpayer, by BTIN; recorded in the audit trail. 409 once the payment has a taxpayer.',
        params: PaymentIdParams,
        body: MatchPayerInput,
        response: { 200: PaymentView, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'payment:match' },
    },
    (req) => autoReg.matchPayer(req.actor, req.params.id, req.body.btin),
  );
};
