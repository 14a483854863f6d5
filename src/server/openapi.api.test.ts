import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing/context';
import { signInAs } from './testing/factories';

/**
 * The OpenAPI document (docs/architecture.md §3) as an integrator reads it; `npm run lint:api` runs
 * Redocly's rules on the same document.
 */
let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  security?: unknown[];
  servers?: { url: string }[];
};

async function fetchDocument(): Promise<Document> {
  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      where: `${method.toUpperCase()} ${path}`,
      ...operation,
    })),
  );
}

let documentCache: Document;

describe('the OpenAPI document', () => {
  beforeAll(async () => {
    documentCache = await fetchDocument();
  });

  it('names every operation once, verb first in camelCase, with a summary and a description', () => {
    const operations = operationsOf(documentCache);
    expect(operations.length).toBeGreaterThan(60);
    const ids = operations.map((o) => o.operationId);
    for (const operation of operations) {
      expect(operation.operationId, operation.where).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$|^[a-z]+$/);
      expect(operation.summary ?? '', operation.where).toMatch(/\S/);
      expect(operation.description ?? '', operation.where).toMatch(/\S/);
    }
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
  });

  it('writes for an integrator: no summary or description cites docs/product.md', () => {
    const citing = operationsOf(documentCache).filter((o) =>
      /SPEC\.md|product\.md|§/.test(`${o.summary} ${o.description}`),
    );
    expect(citing.map((o) => o.where)).toEqual([]);
  });

  it('asks for the session cookie or a bearer token exactly where the gate does', async () => {
    expect(documentCache.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(documentCache.servers?.length).toBeGreaterThan(0);
    const open = operationsOf(documentCache).filter((o) => o.security !== undefined);
    expect(open.map((o) => [o.where, o.security])).toEqual(
      [
        'GET /api/health',
        'GET /api/ready',
        'GET /api/v1/system',
        'GET /api/openapi.json',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/change-temporary-password',
        'GET /api/v1/auth/session',
        'POST /api/v1/remita/notifications',
        'GET /api/v1/public/receipts/match',
        'GET /api/v1/public/receipts/{code}',
        'GET /api/v1/public/assessments/match',
        'GET /api/v1/public/assessments/{code}',
        'GET /api/v1/public/tcc/match',
        'GET /api/v1/public/tcc/{code}',
        'GET /api/v1/public/keys',
        'GET /api/v1/public/stamp-duty/match',
        'GET /api/v1/public/stamp-duty/{certificateNumber}',
        'GET /api/v1/public/demand-notices/match',
        'GET /api/v1/public/demand-notices/{code}',
        'POST /api/v1/pos/notifications',
      ].map((where) => [where, []]),
    );
    // Every other operation, called with no credentials, is refused by the gate.
    for (const operation of operationsOf(documentCache)) {
      const [method, path] = operation.where.split(' ') as [string, string];
      const url = path.replace(/\{\w+\}/g, '1');
      const res = await ctx.app.inject({ method: method as 'GET', url });
      if (operation.security) expect(res.statusCode, operation.where).not.toBe(401);
      else expect(res.statusCode, operation.where).toBe(401);
    }
  });
});

describe('file answers', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  type Answer = { description: string; content: Record<string, { schema: unknown }> };
  const answerOf = (path: string): Answer => {
    const operation = documentCache.paths[path]?.get as { responses?: Record<string, Answer> };
    const answer = operation?.responses?.['200'];
    if (!answer) throw new Error(`GET ${path} documents no 200`);
    return answer;
  };
  const binary = { schema: { type: 'string', format: 'binary' } };

  it('lists a list as JSON, CSV or XLSX, keeping the JSON schema of the page', () => {
    for (const [path, page] of [
      ['/api/v1/taxpayers', 'TaxpayerListResult'],
      ['/api/v1/payments', 'PaymentPage'],
      ['/api/v1/tcc', 'TccPage'],
      ['/api/v1/audit-events', null],
      ['/api/v1/bank/open-credits', 'OpenCreditPage'],
    ] as const) {
      const { content } = answerOf(path);
      expect(Object.keys(content), path).toEqual(['application/json', 'text/csv', XLSX]);
      if (page) {
        expect(content['application/json'], path).toEqual({
          schema: { $ref: `#/components/schemas/${page}` },
        });
      }
      expect(content['text/csv'], path).toEqual(binary);
      expect(content[XLSX], path).toEqual(binary);
    }
  });

  it('lists a PDF or CSV download as that file only, and a JSON answer as JSON only', () => {
    expect(answerOf('/api/v1/tcc/{id}/certificate.pdf').content).toEqual({
      'application/pdf': binary,
    });
    expect(answerOf('/api/v1/payments/{id}/receipt.pdf').content).toEqual({
      'application/pdf': binary,
    });
    expect(answerOf('/api/v1/tcc-batches/template.csv').content).toEqual({ 'text/csv': binary });
    expect(Object.keys(answerOf('/api/v1/tcc/{id}').content)).toEqual(['application/json']);
  });

  it('is what the route sends', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const documented = Object.keys(answerOf('/api/v1/taxpayers').content);
    for (const query of ['', '?format=csv', '?format=xlsx']) {
      const res = await ctx.app.inject({ url: `/api/v1/taxpayers${query}`, headers: admin.bearer });
      expect(res.statusCode, query).toBe(200);
      const mediaType = String(res.headers['content-type']).split(';')[0];
      expect(documented, query).toContain(mediaType);
    }
  });
});

describe('an API client with a bearer token (what Swagger UI sends after Authorize)', () => {
  it('may write without an Origin header; a cookie without a same-site Origin may not', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const url = '/api/v1/profile/sessions/revoke-others';

    const byBearer = await ctx.app.inject({ method: 'POST', url, headers: admin.bearer });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toEqual({ revoked: 0 });

    const byCookie = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin.cookie },
    });
    expect(byCookie.statusCode).toBe(403);
    expect(byCookie.json().error.code).toBe('ORIGIN_MISMATCH');
  });
});

describe('Swagger UI at /api/docs', () => {
  it('reads /api/openapi.json, keeps no token in storage, and runs under its own CSP', async () => {
    const page = await ctx.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");

    const init = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('"url":"/api/openapi.json"');
    expect(init.body).toContain('"persistAuthorization":false');
  });
});

describe('deprecated fields', () => {
  it("marks a payment's assessmentId and the invoice body's deprecated, beside the subject (ADR 0028)", async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    type Schema = { properties?: Record<string, { deprecated?: boolean; description?: string }> };
    const schemas = res.json<{ components: { schemas: Record<string, Schema> } }>().components
      .schemas;
    const payment = schemas.Payment?.properties ?? {};
    expect(payment.assessmentId?.deprecated).toBe(true);
    expect(payment.assessmentId?.description).toContain('subjectKind');
    expect(Object.keys(payment)).toEqual(expect.arrayContaining(['subjectKind', 'subjectId']));
    // A request body's schema is named for its input side (POST /api/v1/invoices).
    expect(schemas.InvoiceInputInput?.properties?.assessmentId?.deprecated).toBe(true);
  });
});
