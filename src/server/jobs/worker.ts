import type { FastifyInstance } from 'fastify';
import type { PaymentDeps } from '../modules/payments/deps';

/**
 * Placeholder for the background job worker (issue 5, batch RRR checks): started when the app
 * is ready, stopped when it closes.
 */
export function startJobWorker(_app: FastifyInstance, _deps: PaymentDeps): void {}
