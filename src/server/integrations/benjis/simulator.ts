import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import {
  PULL_PAGE_SIZE_MAX,
  PULL_PATH,
  PUSH_TRANSACTIONS_MAX,
  SIGNATURE_HEADER,
  signatureProblem,
  TIMESTAMP_HEADER,
} from './protocol';
import type { BenjisSimulator } from './simulatorState';

/**
 * The POS provider (Benjis), as docs/pos.md "The provider's protocol" defines it, on this server
 * under /_sim/benjis (demo mode and tests only): the signed pull of a day's transactions, and
 * one demo-only call, POST /push, that makes the provider push a day's transactions to RevDesk.
 * A pull with a bad signature gets 401, as the real provider would answer it.
 */

const PullQuery = z.object({
  date: z.iso.date(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PULL_PAGE_SIZE_MAX).default(PULL_PAGE_SIZE_MAX),
});

export const benjisSimulatorRoutes: FastifyPluginAsyncZod<{
  benjis: BenjisSimulator;
  /** The shared secret (POS_PROVIDER_SECRET): what the provider signs with and checks. */
  secret: string;
  /** RevDesk's own address, for pushes. */
  selfUrl: () => string;
}> = async (app, { benjis, secret, selfUrl }) => {
  app.get(PULL_PATH, { schema: { hide: true, querystring: PullQuery } }, async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const problem = signatureProblem(
      secret,
      { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) },
      `GET ${request.url.replace(/^\/_sim\/benjis/, '')}`,
    );
    if (problem) return reply.code(401).send({ error: `signature ${problem}` });
    if (benjis.down) return reply.code(503).send({ error: 'service unavailable' });
    if (benjis.delayMs > 0) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, benjis.delayMs);
        // A caller that gave up must not keep the server waiting for this timer.
        request.raw.socket.once('close', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    const { date, page, pageSize } = request.query;
    benjis.pulls.push({ day: date, page });
    const all = benjis.transactionsOf(date);
    return {
      date,
      page,
      pageSize,
      total: all.length,
      transactions: all.slice((page - 1) * pageSize, page * pageSize),
    };
  });

  app.post(
    '/push',
    { schema: { hide: true, body: z.object({ day: z.iso.date() }) } },
    async (request) => {
      const all = benjis.transactionsOf(request.body.day);
      const results: unknown[] = [];
      for (let at = 0; at < all.length; at += PUSH_TRANSACTIONS_MAX) {
        const answer = await benjis.push(
          `${selfUrl()}/api/v1/pos/notifications`,
          secret,
          all.slice(at, at + PUSH_TRANSACTIONS_MAX),
        );
        if (answer.status !== 200) {
          throw new AppError(
            'BAD_REQUEST',
            `RevDesk answered the push with HTTP ${answer.status}.`,
          );
        }
        results.push(...((answer.body as { results?: unknown[] }).results ?? []));
      }
      return { pushed: all.length, results };
    },
  );
};
