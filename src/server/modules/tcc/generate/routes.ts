import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../../payments/deps';

export const tccGenerateRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (_app, _deps) => {};
