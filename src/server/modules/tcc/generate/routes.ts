import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssessmentBillInput } from '../../../../shared/assessments/input';
import { ErrorBody } from '../../../../shared/errors';
import { PaymentView } from '../../../../shared/payments';
import { TCC_GENERATE_PERMISSION } from '../../../../shared/tcc/enums';
import { TccGenerateInput, TccResubmitInput } from '../../../../shared/tcc/input';
import {
  TccCreated,
  TccIdParams,
  TccPreview,
  TccPreviewQuery,
  TccView,
} from '../../../../shared/tcc/views';
import type { PaymentDeps } from '../../payments/deps';
import { createTccGenerateService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody } as const;
const tags = ['tcc'];

/** A fee's bill raised again, with the certificate as it now reads. */
const TccBillView = z.object({ tcc: TccView, bill: PaymentView }).meta({ id: 'TccBill' });

/**
 * Who generates certificates of some kind: the gate lets in any of the kinds' permissions
 * (TCC_GENERATE_PERMISSION; ADR 0005, amended); the service then asks the permission of the kind
 * in the body or of the certificate: 403 for another kind's officer.
 */
const GENERATES_SOME_KIND = { anyPermission: Object.values(TCC_GENERATE_PERMISSION) };

/**
 * Generating certificates (docs/product.md §7 TCC: generate individual, corporate employee and MDA
 * employee certificates).
 */
export const tccGenerateRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const service = createTccGenerateService(deps);

  app.get(
    '/tcc/preview',
    {
      schema: {
        tags,
        operationId: 'previewTcc',
        summary: 'Preview a certificate before generating it',
        description:
          "What a certificate of a kind would say for an individual's BTIN: the holder, the three preceding years read from their assessments and the ledger (direct assessment, presumptive; empty rows to fill for the other kinds), flagged years, the kind's fee, the open certificates that would stop a second for the same purpose, and the approved, unexpired ones held (`held`: number, purpose, expiry) for which a second needs a written `duplicateReason`. Nothing is stored. Needs the kind's generate permission",
        querystring: TccPreviewQuery,
        response: { 200: TccPreview, ...errors },
      },
      config: GENERATES_SOME_KIND,
    },
    (req) => service.preview(req.actor, req.query),
  );

  app.post(
    '/tcc',
    {
      schema: {
        tags,
        operationId: 'generateTcc',
        summary: 'Generate a tax clearance certificate',
        description:
          "Generate a certificate of a kind for an individual: it enters the approval chain with the Director of Assessment, or waits for its processing fee (an RRR raised at once) when the kind has one. Each flagged year needs a justification (422 naming the years); a PAYE or MDA-employee year whose tax paid no paid remittance in the ledger matches is marked `unbacked` and flags the certificate. 409 `CONFLICT` when a certificate of the kind for the same purpose is still open for the taxpayer (two officers at once: one is made, the other is told which); 409 `DUPLICATE_CERTIFICATE` naming it (`details.number`, `details.id`) when the taxpayer holds an approved, unexpired one of the kind and purpose, unless `duplicateReason` says why a second is needed (stored, audited, shown at the top of the certificate). Needs the kind's generate permission",
        body: TccGenerateInput,
        response: { 201: TccCreated, 409: ErrorBody, ...errors },
      },
      config: GENERATES_SOME_KIND,
    },
    async (req, reply) => reply.code(201).send(await service.generate(req.actor, req.body)),
  );

  app.post(
    '/tcc/:id/resubmit',
    {
      schema: {
        tags,
        operationId: 'resubmitTcc',
        summary: 'Amend and resubmit a rejected certificate',
        description:
          "Amend a rejected certificate and send it back to the Director of Assessment, with a note of what changed. Direct-assessment and presumptive years are read again from the ledger. 409 when it is not rejected, or someone moved it meanwhile; 409 `DUPLICATE_CERTIFICATE` as at generation when the taxpayer now holds an approved, unexpired certificate of the kind and the (new) purpose, unless `duplicateReason` says why (a reason stored about the same held certificate stands). Needs the kind's generate permission",
        params: TccIdParams,
        body: TccResubmitInput,
        response: { 200: TccView, 409: ErrorBody, ...errors },
      },
      config: GENERATES_SOME_KIND,
    },
    (req) => service.resubmit(req.actor, req.params.id, req.body),
  );

  app.post(
    '/tcc/:id/bill',
    {
      schema: {
        tags,
        operationId: 'billTccFee',
        summary: "Raise a certificate's fee bill",
        description:
          "Raise the RRR of a certificate's processing fee when it has none open (the first attempt failed, or the bill was cancelled): paid, it sends the certificate into the approval chain. By default to the first MDA the officer bills for. 409 when a bill is pending or paid, or the certificate no longer awaits payment. 502 when Remita cannot be reached. Needs the kind's generate permission",
        params: TccIdParams,
        body: AssessmentBillInput,
        response: { 201: TccBillView, 409: ErrorBody, 502: ErrorBody, ...errors },
      },
      config: GENERATES_SOME_KIND,
    },
    async (req, reply) =>
      reply.code(201).send(await service.raiseFeeBill(req.actor, req.params.id, req.body)),
  );
};
