import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SystemInfo } from '../../../shared/auth';
import { USER_TYPES } from '../../../shared/userTypes';
import type { Config } from '../../config';
import { type Database, pingDatabase } from '../../db/client';
import { AppError } from '../../errors';

const tags = ['system'];
const Health = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
const NotReady = z.object({ status: z.literal('unavailable'), reason: z.string() });

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Config;
  version: string;
}> = async (app, { database, config, version }) => {
  app.get(
    '/health',
    {
      schema: {
        tags,
        operationId: 'getHealth',
        summary: 'Is the process up?',
        description: 'Answers as long as the process runs; for a liveness probe.',
        response: { 200: Health },
      },
      config: { public: true },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags,
        operationId: 'getReadiness',
        summary: 'Can the server take requests?',
        description:
          'Asks the database; 503 while it does not answer. For a load balancer or readiness probe.',
        response: { 200: Ready, 503: NotReady },
      },
      config: { public: true },
    },
    async (req, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: 'ready' as const, database: database.kind };
      } catch (err) {
        req.log.error({ err }, 'readiness check: database does not answer');
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, reason: 'The database does not answer.' });
      }
    },
  );

  app.get(
    '/v1/system',
    {
      schema: {
        tags,
        operationId: 'getSystemInfo',
        summary: 'Describe this server',
        description:
          'The service name, the version, and whether it runs on demo data (with the demo usernames). Needs no session.',
        response: { 200: SystemInfo },
      },
      config: { public: true },
    },
    () => {
      const demoMode = config.seed === 'demo';
      return {
        serviceName: 'RevDesk',
        demoMode,
        demoUsernames: demoMode ? USER_TYPES.map((t) => t.toLowerCase()) : [],
        simulators: config.simulators,
        version,
      };
    },
  );

  app.get(
    '/openapi.json',
    {
      schema: {
        tags,
        operationId: 'getOpenApiDocument',
        summary: 'Get this API description',
        description: 'This document, as OpenAPI 3.1 JSON. Swagger UI at /api/docs reads it.',
        response: { 200: z.record(z.string(), z.unknown()) },
      },
      config: { public: true },
    },
    () => {
      if (!app.swagger) throw new AppError('NOT_FOUND');
      return app.swagger() as unknown as Record<string, unknown>;
    },
  );
};
