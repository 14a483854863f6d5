import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import { TCC_STAGE_PERMISSION } from '../../../../shared/tcc/enums';
import { TccApproveInput, TccBulkApproveInput, TccReasonInput } from '../../../../shared/tcc/input';
import { TccBulkResult, TccIdParams, TccView } from '../../../../shared/tcc/views';
import type { PaymentDeps } from '../../payments/deps';
import { createTccChainService } from './service';

const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
} as const;
const tags = ['tcc'];

/**
 * Who decides at some stage (approve, reject): the gate lets in any of the stages' permissions
 * (ADR 0005, amended); which one a decision needs depends on the certificate's status, so the
 * service checks the awaited stage's, and separation of duties.
 */
const DECIDES_AT_A_STAGE = { anyPermission: Object.values(TCC_STAGE_PERMISSION) };

/** The approval chain (docs/product.md §4, §7 TCC; docs/architecture.md §5). */
export const tccChainRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const chain = createTccChainService(deps);

  app.post(
    '/tcc/:id/approve',
    {
      schema: {
        tags,
        operationId: 'approveTcc',
        summary: 'Approve a certificate at its stage',
        description:
          'The awaited stage approves: Director of Assessment → Director of Collection → Chairman, whose approval issues the certificate (issue date, expiry, signed QR payload). 403 for another role or an officer who generated it or decided at another stage; 409 when it waits on another stage (someone decided first)',
        params: TccIdParams,
        body: TccApproveInput,
        response: { 200: TccView, ...errors },
      },
      config: DECIDES_AT_A_STAGE,
    },
    (req) => chain.approve(req.actor, req.params.id, req.body),
  );

  app.post(
    '/tcc/:id/reject',
    {
      schema: {
        tags,
        operationId: 'rejectTcc',
        summary: 'Reject a certificate at its stage',
        description:
          'The awaited stage refuses it with the reason: it goes back to the generating officer to amend and resubmit. Same 403 and 409 rules as approval',
        params: TccIdParams,
        body: TccReasonInput,
        response: { 200: TccView, ...errors },
      },
      config: DECIDES_AT_A_STAGE,
    },
    (req) => chain.reject(req.actor, req.params.id, req.body),
  );

  app.post(
    '/tcc/:id/revoke',
    {
      schema: {
        tags,
        operationId: 'revokeTcc',
        summary: 'Revoke an issued certificate',
        description:
          'The chairman withdraws an approved or printed certificate, with the reason; its verification then answers revoked. 409 for a certificate not issued or already revoked',
        params: TccIdParams,
        body: TccReasonInput,
        response: { 200: TccView, ...errors },
      },
      config: { permission: 'tcc:revoke' },
    },
    (req) => chain.revoke(req.actor, req.params.id, req.body.reason),
  );

  app.post(
    '/tcc/:id/print',
    {
      schema: {
        tags,
        operationId: 'printTcc',
        summary: 'Record the printing of a certificate',
        description:
          'The printing officer prints an approved certificate (or a copy of a printed one): it becomes printed and its print count goes up. The PDF is GET /tcc/{id}/certificate.pdf. 409 for a certificate not issued',
        params: TccIdParams,
        response: { 200: TccView, ...errors },
      },
      config: { permission: 'tcc:print' },
    },
    (req) => chain.print(req.actor, req.params.id),
  );

  app.post(
    '/tcc/approve',
    {
      schema: {
        tags,
        operationId: 'approveTccs',
        summary: 'Approve many certificates',
        description:
          'Approve the selected certificates at their stage, each on its own: one that cannot be approved (decided meanwhile, not your stage, separation of duties) fails with the reason and the others go on',
        body: TccBulkApproveInput,
        response: { 200: TccBulkResult, ...errors },
      },
      config: DECIDES_AT_A_STAGE,
    },
    (req) => chain.approveMany(req.actor, req.body),
  );
};
