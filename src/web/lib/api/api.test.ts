import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, UNREADABLE_ANSWER_MESSAGE } from './api';

/**
 * What the browser's fetch meets on the way: a real HTTP server on this machine answers as
 * RevDesk does, or as a Wi-Fi sign-in page or a broken proxy does in its place.
 */
const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  '/json': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ items: [], total: 0 }));
  },
  '/captive-portal': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Hotel Wi-Fi</title><p>Accept the terms to continue</p>');
  },
  '/json-label-html-body': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('<html><body>Sign in to the network</body></html>');
  },
  '/empty-200': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end();
  },
  '/no-content': (res) => {
    res.writeHead(204);
    res.end();
  },
  '/refused': (res) => {
    res.writeHead(409, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'CONFLICT', message: 'Taken already' } }));
  },
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const answer = ANSWERS[req.url ?? ''];
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(path: string): Promise<ApiError> {
  const error = await apiRequest(`${origin}${path}`).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a success answer that is not the JSON RevDesk sends', () => {
  it('reads a JSON answer', async () => {
    await expect(apiRequest(`${origin}/json`)).resolves.toEqual({ items: [], total: 0 });
  });

  it("is an error the officer reads, not data, when a captive portal's page answers 200", async () => {
    const error = await failureOf('/captive-portal');
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.message).toBe(UNREADABLE_ANSWER_MESSAGE);
    expect(error.message).toMatch(/could not be read.*try again/s);
  });

  it('is an error when the body does not parse, whatever its content type says', async () => {
    expect((await failureOf('/json-label-html-body')).message).toBe(UNREADABLE_ANSWER_MESSAGE);
  });

  it('is an error when a 200 carries no body at all', async () => {
    expect((await failureOf('/empty-200')).message).toBe(UNREADABLE_ANSWER_MESSAGE);
  });

  it('accepts a 204, which has no body by definition', async () => {
    await expect(apiRequest(`${origin}/no-content`)).resolves.toBeUndefined();
  });

  it("still reports the server's own error body as it is", async () => {
    const error = await failureOf('/refused');
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Taken already' });
  });
});
