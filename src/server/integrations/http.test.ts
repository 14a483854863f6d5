import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRemote, type RemoteCall, type RemoteCallRecord, RemoteFailure } from './http';

/**
 * How a call's end is told to the metrics (ADR 0015): once per call, retries included, with
 * the outcome the transport saw. A real loopback server answers what each path asks for.
 */

let server: Server;
let baseUrl: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits += 1;
    const status = Number(request.url?.slice(1).split('/')[0]);
    if (request.url === '/never') return; // never answers: the client's deadline ends it
    response.writeHead(Number.isInteger(status) && status >= 200 ? status : 200);
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function observed(
  call: Omit<RemoteCall, 'observe' | 'method' | 'timeoutMs'> & { timeoutMs?: number },
): Promise<RemoteCallRecord[]> {
  const records: RemoteCallRecord[] = [];
  await callRemote({
    method: 'GET',
    timeoutMs: 2_000,
    ...call,
    observe: { system: 'remita', operation: 'rrr-status', record: (r) => records.push(r) },
  }).catch((err: unknown) => {
    if (!(err instanceof RemoteFailure)) throw err;
  });
  return records;
}

describe('callRemote tells the metrics how each call ended', () => {
  it('says ok for a 2xx and refused for another answer below 500', async () => {
    const ok = await observed({ url: `${baseUrl}/200`, isIdempotent: true });
    expect(ok).toEqual([
      { system: 'remita', operation: 'rrr-status', outcome: 'ok', seconds: expect.any(Number) },
    ]);
    expect(ok[0]?.seconds).toBeGreaterThanOrEqual(0);
    expect((await observed({ url: `${baseUrl}/401`, isIdempotent: true }))[0]?.outcome).toBe(
      'refused',
    );
  });

  it('says server_error once, after every retry of a 5xx', async () => {
    const before = hits;
    const records = await observed({ url: `${baseUrl}/503`, isIdempotent: true });
    expect(hits - before).toBe(3);
    expect(records.map((r) => r.outcome)).toEqual(['server_error']);
  });

  it('says timeout when the deadline passes, network_error when nothing listens', async () => {
    const late = await observed({ url: `${baseUrl}/never`, isIdempotent: false, timeoutMs: 200 });
    expect(late.map((r) => r.outcome)).toEqual(['timeout']);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await observed({
      url: `http://127.0.0.1:${port}/`,
      isIdempotent: false,
    });
    expect(unreachable.map((r) => r.outcome)).toEqual(['network_error']);
  });
});
