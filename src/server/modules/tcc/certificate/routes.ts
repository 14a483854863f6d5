import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import { ExpiryMatchQuery, PublicCodeParams, PublicMatch } from '../../../../shared/publicCheck';
import { PublicKeyList, PublicTccView, TccIdParams } from '../../../../shared/tcc/views';
import { sendBytes } from '../../../files/send';
import { noStore } from '../../../security/noStore';
import type { PaymentDeps } from '../../payments/deps';
import { createTccCertificateService } from './service';

const Binary = z.string().meta({ format: 'binary' });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['tcc'];

/**
 * The printed certificate and its public checks (ADR 0013; docs/tax-rules.md, Tax Clearance
 * Certificate): the PDF with its signed QR code, what the QR code's page asks without a session,
 * and the keys that let it check the signature offline.
 */
export const tccCertificateRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (
  app,
  { db, config, files },
) => {
  const certificates = createTccCertificateService({ db, config, files });

  app.get(
    '/tcc/:id/certificate.pdf',
    {
      schema: {
        tags,
        operationId: 'getTccCertificate',
        summary: "Download a certificate's PDF",
        description:
          'The Tax Clearance Certificate as PDF, with the QR code of its signed facts: "COPY" across a reprint, "REVOKED" across a revoked one. 409 until it is printed.',
        params: TccIdParams,
        response: { 200: Binary, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
      config: { permission: 'tcc:read' },
    },
    async (req, reply) => {
      const pdf = await certificates.certificatePdf(
        req.actor,
        req.params.id,
        `${req.protocol}://${req.host}`,
      );
      return sendBytes(reply, pdf.body, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${pdf.fileName}"`,
      });
    },
  );

  app.get(
    '/public/tcc/match',
    {
      schema: {
        tags,
        operationId: 'matchTcc',
        summary: 'Match a certificate number with its expiry date',
        description:
          'Whether a valid certificate (issued, not revoked, not expired) has this number and this expiry date: `match` true or false, nothing else (ADR 0032). For a certificate printed before the verification codes: its QR code held the number, and its signed facts the expiry date. Needs no session; rate-limited per address; never cached.',
        querystring: ExpiryMatchQuery,
        response: { 200: PublicMatch, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => certificates.matchTcc(req.actor, req.query.number, req.query.expiresOn),
  );

  app.get(
    '/public/tcc/:code',
    {
      schema: {
        tags,
        operationId: 'verifyTcc',
        summary: 'Verify a tax clearance certificate by its code',
        description:
          "Whether the certificate with this verification code (10 letters and digits, printed under its QR code) was issued and still stands: valid, revoked, expired or unknown, with its number, dates, years and the holder's name masked; never the BTIN (ADR 0032). What the QR code on a certificate opens. Needs no session; rate-limited per address; never cached.",
        params: PublicCodeParams,
        response: { 200: PublicTccView, 422: ErrorBody, 429: ErrorBody },
      },
      config: { public: true },
      onRequest: noStore,
    },
    (req) => certificates.publicTcc(req.actor, req.params.code),
  );

  app.get(
    '/public/keys',
    {
      schema: {
        tags,
        operationId: 'listTccPublicKeys',
        summary: 'Public keys of certificate signatures',
        description:
          "The Ed25519 public keys that sign certificates' QR codes, old ones included: a verifier keeps them to check a certificate offline (ADR 0013). Needs no session; rate-limited per address.",
        response: { 200: PublicKeyList, 429: ErrorBody },
      },
      config: { public: true },
    },
    async (req, reply) => {
      const keys = await certificates.publicKeys(req.actor);
      reply.header('cache-control', 'public, max-age=300');
      return keys;
    },
  );
};
