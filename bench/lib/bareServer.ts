/**
 * The ceiling of the ceiling harness (bench/ceiling.bench.ts): a bare Fastify server with one
 * route per benchmarked endpoint, `GET /bare/<n>`, that runs exactly the statements RevDesk ran
 * for that endpoint (recorded from a real request, same text, same parameters, the groups that
 * RevDesk sent at once sent at once, a transaction on one connection) and then sends the bytes
 * RevDesk answered, as they were. No session check, no schema, no mapping or serialising, no
 * log, no hooks: what any server must pay to run that SQL and send that answer over HTTP.
 * `GET /bare-json/<n>` runs the same and answers `JSON.stringify` of the rows it read instead.
 *
 * Run as a child process:
 *   BARE_PORT=3301 BARE_ROUTES=<file.json> BARE_DATABASE_URL=postgres://… tsx bench/lib/bareServer.ts
 *   BARE_PORT=3301 BARE_ROUTES=<file.json> BARE_PGLITE_DIR=<dir>         tsx bench/lib/bareServer.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openRunner, runGroups } from './replay';
import type { StatementGroups } from './sqlRecorder';

/** One endpoint for the bare server: RevDesk's statements for one request, and its answer. */
export type BareRoute = { groups: StatementGroups; body: string };

async function main() {
  const port = Number(process.env.BARE_PORT);
  const routesFile = process.env.BARE_ROUTES;
  if (!port || !routesFile) throw new Error('BARE_PORT and BARE_ROUTES are required');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as BareRoute[];
  const runner = await openRunner(
    process.env.BARE_DATABASE_URL
      ? { kind: 'postgres', url: process.env.BARE_DATABASE_URL, poolSize: 10 }
      : { kind: 'pglite', dataDir: process.env.BARE_PGLITE_DIR ?? '' },
  );

  const app = Fastify({ logger: false });
  app.get('/api/ready', async () => ({ ready: true }));
  routes.forEach(({ groups, body }, n) => {
    app.get(`/bare/${n}`, async (_request, reply) => {
      await runGroups(runner, groups);
      return reply.type('application/json; charset=utf-8').send(body);
    });
    // The same SQL answered with its own rows as JSON (every statement's rows, as the driver
    // gave them): the least any server that runs the SQL must do to answer with what it read.
    app.get(`/bare-json/${n}`, async (_request, reply) => {
      const rows = await runGroups(runner, groups);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
    });
  });
  const shutdown = async () => {
    await app.close();
    await runner.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  await app.listen({ port, host: '127.0.0.1' });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
