import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentDeps } from '../../payments/deps';

export const tccListRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (_app, _deps) => {};
