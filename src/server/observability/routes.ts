import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { bearerTokenMatches } from './labels';
import type { AppMetrics } from './metrics';

/**
 * Counts every request when it has been answered, whatever answered it: a route, the error
 * handler, the not-found handler. Installed on the root instance before any route, so no route
 * escapes it.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      routePattern: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}

/**
 * GET /metrics in Prometheus's text format (ADR 0015). Where Prometheus looks by default, beside
 * the API rather than in it: it is no operation of the API, so it is hidden from the OpenAPI
 * document. No session: a scraper sends METRICS_TOKEN as a bearer token. Without METRICS_TOKEN
 * the route answers 404, as an absent route would (the web app's fallback would answer 200).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: { metrics: AppMetrics | null; token: string | null },
): void {
  const { metrics, token } = options;
  app.get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: { 200: z.string().describe('Prometheus text exposition format 0.0.4') },
      },
      // The gate asks no session of it; the token check below is its guard.
      config: { public: true },
      onRequest: async (request) => {
        if (!metrics || !token) throw new AppError('NOT_FOUND');
        if (!bearerTokenMatches(request.headers.authorization, token)) {
          throw new AppError(
            'UNAUTHENTICATED',
            'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>.',
            { headers: { 'www-authenticate': 'Bearer realm="metrics"' } },
          );
        }
      },
    },
    async (_request, reply) => {
      if (!metrics) throw new AppError('NOT_FOUND');
      const text = await metrics.registry.metrics();
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}
