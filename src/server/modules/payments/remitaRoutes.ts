import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../payments/deps';

/** Placeholder: filled by the issue 5 work that owns this file. */
export const remitaRoutes: FastifyPluginAsyncZod<PaymentDeps> = async () => {};
