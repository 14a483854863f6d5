import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../payments/deps';
import { tccBulkRoutes } from './bulk/routes';
import { tccCertificateRoutes } from './certificate/routes';
import { tccChainRoutes } from './chain/routes';
import { tccEvidenceRoutes } from './evidence/routes';
import { tccGenerateRoutes } from './generate/routes';
import { tccListRoutes } from './lists/routes';

/**
 * Tax Clearance Certificates (docs/product.md §7 TCC, docs/architecture.md §5), one plugin per part:
 * generate/ (the five kinds, the three-year table, the fee), chain/ (approve, reject, resubmit,
 * revoke, print, bulk approval), lists/ (every SPEC list, one certificate, export),
 * certificate/ (the PDF, the signed QR payload, public and offline verification), bulk/ (an
 * MDA's employees from a payroll file, as a background job), evidence/ (files a certificate
 * carries for its approvers).
 */
export const tccRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, options) => {
  // app.ts registers this plugin with `prefix: '/api/v1'` among its options: handing them on
  // whole would prefix every part's routes twice (/api/v1/api/v1/tcc).
  const { prefix: _prefix, ...deps } = options as PaymentDeps & { prefix?: string };
  await app.register(tccGenerateRoutes, deps);
  await app.register(tccChainRoutes, deps);
  await app.register(tccListRoutes, deps);
  await app.register(tccCertificateRoutes, deps);
  await app.register(tccBulkRoutes, deps);
  await app.register(tccEvidenceRoutes, deps);
};
