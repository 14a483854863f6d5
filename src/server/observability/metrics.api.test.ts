import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RRR_STATUS_BATCH } from '../../shared/payments';
import { addSimInvoice, createRemitaMda, type RemitaMda } from '../integrations/remita/testing';
import { insertJob } from '../jobs/queries';
import { createPayment } from '../modules/payments/testing';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import { parsePrometheusText, type Sample, sampleValue } from './promText';

/**
 * GET /metrics (ADR 0015): the token rules, then what the counters and gauges say after the
 * test has done something, read from the scrape as Prometheus would read it.
 */

const TOKEN = 'metrics-test-token-0123456789abcdef';
const SCRAPER = { authorization: `Bearer ${TOKEN}` };

type Context = TestContext & { baseUrl: string | null; close(): Promise<void> };
let ctx: Context;
let admin: SignedIn;
let mda: RemitaMda;
let slowMda: RemitaMda;

beforeAll(async () => {
  // The simulators over real HTTP; no job worker, so a queued job stays queued.
  ctx = await createTestContext(
    { metricsToken: TOKEN, remitaTimeoutMs: 1_000 },
    { listen: true, runJobs: false },
  );
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createRemitaMda(ctx);
  slowMda = await createRemitaMda(ctx);
  // Answers long after the client's deadline: a call that times out, and a 502 to the officer.
  ctx.simulators.remita.registerMerchant({ ...slowMda.credentials, delayMs: 30_000 });
});

afterAll(async () => {
  await ctx?.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: SCRAPER });
  expect(res.statusCode, res.body).toBe(200);
  return parsePrometheusText(res.body);
}

function requests(samples: Sample[], route: string, statusClass: string, method = 'GET'): number {
  return (
    sampleValue(samples, 'revdesk_http_requests_total', {
      method,
      route,
      status_class: statusClass,
    }) ?? 0
  );
}

function checkRrr(rrr: string, mdaId: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/remita/rrr/${rrr}/status?mdaId=${mdaId}`,
    headers: admin.bearer,
  });
}

describe('GET /metrics: who may scrape', () => {
  it('answers 401 without the token or with another, and says how to authenticate', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(missing.json().error.code).toBe('UNAUTHENTICATED');
    expect(missing.body).not.toContain('revdesk_');

    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      // An officer's session token is no metrics token.
      admin.bearer.authorization,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('answers the text format to the token, and is not part of the API document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: SCRAPER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE revdesk_http_requests_total counter');

    const api = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(api.json().paths)).not.toContain('/metrics');
  });

  it('is 404 as if absent when METRICS_TOKEN is not set, whatever is sent', async () => {
    const off = await createTestContext({ metricsToken: null });
    try {
      for (const headers of [{}, SCRAPER]) {
        const res = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await off.close();
    }
  });
});

describe('GET /metrics: HTTP requests', () => {
  it('counts requests by method, route pattern and status class', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const missingId = randomUUID();
    const notFound = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/officers/${missingId}`,
      headers: admin.bearer,
    });
    expect(notFound.statusCode).toBe(404);
    await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route/12345' });
    const after = await scrape();

    expect(requests(after, '/api/health', '2xx') - requests(before, '/api/health', '2xx')).toBe(3);
    expect(
      requests(after, '/api/v1/officers/:id', '4xx') -
        requests(before, '/api/v1/officers/:id', '4xx'),
    ).toBe(1);
    expect(requests(after, 'unmatched', '4xx') - requests(before, 'unmatched', '4xx')).toBe(1);
    const durations = (s: Sample[]) =>
      sampleValue(s, 'revdesk_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_class: '2xx',
      }) ?? 0;
    expect(durations(after) - durations(before)).toBe(3);

    // Patterns only: no label anywhere carries what a caller put in the URL.
    const routes = new Set(
      after.filter((s) => s.name === 'revdesk_http_requests_total').map((s) => s.labels.route),
    );
    for (const route of routes) {
      expect(route).not.toContain(missingId);
      expect(route).not.toContain('12345');
    }
  });

  it('counts Remita and EVAS calls by operation and outcome, and the 5xx it gave the officer', async () => {
    const before = await scrape();
    const paid = addSimInvoice(ctx, mda, { statusCode: '00' });
    expect((await checkRrr(paid.rrr, mda.id)).statusCode).toBe(200);
    const slow = addSimInvoice(ctx, slowMda);
    const timedOut = await checkRrr(slow.rrr, slowMda.id);
    expect(timedOut.statusCode).toBe(502);
    // EVAS answers an RRR it does not know with a 200 that says so: the transport worked.
    const evas = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/evas/rrr/280012345678/status',
      headers: admin.bearer,
    });
    expect(evas.statusCode, evas.body).toBe(200);
    const after = await scrape();

    const calls = (s: Sample[], outcome: string) =>
      sampleValue(s, 'revdesk_remote_calls_total', {
        system: 'remita',
        operation: 'rrr-status',
        outcome,
      }) ?? 0;
    expect(calls(after, 'ok') - calls(before, 'ok')).toBe(1);
    expect(calls(after, 'timeout') - calls(before, 'timeout')).toBe(1);
    const timed = (s: Sample[]) =>
      sampleValue(s, 'revdesk_remote_call_duration_seconds_count', {
        system: 'remita',
        operation: 'rrr-status',
        outcome: 'ok',
      }) ?? 0;
    expect(timed(after) - timed(before)).toBe(1);
    const evasCalls = (s: Sample[]) =>
      sampleValue(s, 'revdesk_remote_calls_total', {
        system: 'evas',
        operation: 'rrr-status',
        outcome: 'ok',
      }) ?? 0;
    expect(evasCalls(after) - evasCalls(before)).toBe(1);

    const route = '/api/v1/remita/rrr/:rrr/status';
    const errors = (s: Sample[]) =>
      sampleValue(s, 'revdesk_http_server_errors_total', { method: 'GET', route }) ?? 0;
    expect(errors(after) - errors(before)).toBe(1);
    expect(requests(after, route, '5xx') - requests(before, route, '5xx')).toBe(1);
    // The simulator's own route, which the call reached over HTTP, by its pattern too.
    const simulatorRoutes = after
      .filter((s) => s.name === 'revdesk_http_requests_total')
      .map((s) => s.labels.route ?? '')
      .filter((r) => r.startsWith('/_sim/remita'));
    expect(simulatorRoutes.length).toBeGreaterThan(0);
    for (const r of simulatorRoutes) expect(r).not.toContain(paid.rrr);
  });
});

describe('GET /metrics: card gateway calls', () => {
  it('counts the card charge and the status query of a lost answer (docs/card.md)', async () => {
    const bill = await createPayment(ctx, { status: 'pending' });
    const before = await scrape();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const lost = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/card/payments',
      headers: admin.bearer,
      payload: { paymentId: bill.id },
    });
    ctx.simulators.card.reset();
    expect(lost.statusCode, lost.body).toBe(202);
    const checked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/card/payments/${lost.json<{ reference: string }>().reference}/check`,
      headers: admin.bearer,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const after = await scrape();
    const calls = (s: Sample[], operation: string, outcome: string) =>
      sampleValue(s, 'revdesk_remote_calls_total', { system: 'card', operation, outcome }) ?? 0;
    expect(calls(after, 'charge', 'network_error') - calls(before, 'charge', 'network_error')).toBe(
      1,
    );
    expect(calls(after, 'charge-status', 'ok') - calls(before, 'charge-status', 'ok')).toBe(1);
  });
});

describe('GET /metrics: gauges read at scrape time', () => {
  it('shows a queued job and how long it has waited', async () => {
    const before = await scrape();
    const queued = (s: Sample[]) =>
      sampleValue(s, 'revdesk_jobs', { kind: RRR_STATUS_BATCH, status: 'queued' });
    expect(queued(before)).toBe(0);
    expect(sampleValue(before, 'revdesk_jobs', { kind: 'tcc-mda-batch', status: 'running' })).toBe(
      0,
    );

    await insertJob(ctx.db, {
      kind: RRR_STATUS_BATCH,
      fileName: 'rrrs.csv',
      total: 1,
      // The same machine's clock as the database's.
      createdAt: new Date(Date.now() - 90_000),
    });
    const after = await scrape();
    expect(queued(after)).toBe(1);
    const age = sampleValue(after, 'revdesk_job_oldest_queued_age_seconds', {
      kind: RRR_STATUS_BATCH,
    });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(3_600);
  });

  it('shows the database, its pool on PostgreSQL, and Node’s own metrics', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'revdesk_database_info', { kind: ctx.database.kind })).toBe(1);
    const pool = (state: string) => sampleValue(samples, 'revdesk_db_pool_connections', { state });
    if (ctx.database.kind === 'postgres') {
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('idle')).toBeGreaterThanOrEqual(0);
      expect(pool('waiting')).toBe(0);
    } else {
      // PGlite has no pool: no series rather than made-up numbers.
      expect(samples.some((s) => s.name === 'revdesk_db_pool_connections')).toBe(false);
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
