import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payments, posTransactions } from '../../../db/schema';
import {
  type ProviderTransaction,
  signatureOf,
  signedHeaders,
} from '../../../integrations/benjis/protocol';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createPosTerminal, randomRrn, randomStan, randomTerminalId } from '../testing';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
const SECRET = 'a-test-pos-provider-secret';

beforeAll(async () => {
  ctx = await createTestContext({ posProviderSecret: SECRET }, { listen: true });
});

afterAll(async () => {
  await ctx?.close();
});

function txn(
  terminalId: string,
  overrides: Partial<ProviderTransaction> = {},
): ProviderTransaction {
  return {
    terminalId,
    stan: randomStan(),
    rrn: randomRrn(),
    amountKobo: 20_000,
    transactedAt: new Date().toISOString(),
    payerName: 'Boma Ekiye',
    payerPhone: '+2348030001234',
    status: 'approved',
    ...overrides,
  };
}

function inject(body: string, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pos/notifications',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

async function refusalsSince(since: Date) {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'pos_push.refused'));
  return rows.filter((r) => r.occurredAt >= since);
}

describe('the POS push', () => {
  it('records a signed push from the provider simulator over real HTTP, once', async () => {
    const terminal = await createPosTerminal(ctx);
    const transaction = txn(terminal.terminalId);
    const url = `${ctx.baseUrl}/api/v1/pos/notifications`;
    const first = await ctx.simulators.benjis.push(url, SECRET, [transaction]);
    expect(first.status).toBe(200);
    const [result] = (first.body as { results: Array<{ outcome: string; paymentId?: string }> })
      .results;
    expect(result).toMatchObject({ stan: transaction.stan, outcome: 'recorded' });
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, result?.paymentId as string));
    expect(payment).toMatchObject({ channel: 'pos', arrival: 'push', status: 'paid' });
    const again = await ctx.simulators.benjis.push(url, SECRET, [transaction]);
    expect((again.body as { results: unknown[] }).results).toEqual([
      { stan: transaction.stan, outcome: 'duplicate', paymentId: result?.paymentId },
    ]);
  });

  it('answers each transaction of a push in order: recorded, held, declined', async () => {
    const terminal = await createPosTerminal(ctx);
    const list = [
      txn(terminal.terminalId),
      txn(randomTerminalId()),
      txn(terminal.terminalId, { status: 'declined' }),
    ];
    const body = JSON.stringify({ transactions: list });
    const res = await inject(body, signedHeaders(SECRET, body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'recorded',
      'held',
      'declined',
    ]);
  });

  it('refuses a bad, missing or stale signature with 401, audited, nothing recorded', async () => {
    const since = new Date();
    const terminal = await createPosTerminal(ctx);
    const body = JSON.stringify({ transactions: [txn(terminal.terminalId)] });
    const wrong = await inject(body, signedHeaders('not-the-secret-at-all', body));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toMatch(/not signed with the provider/);
    const missing = await inject(body, {});
    expect(missing.statusCode).toBe(401);
    const stale = await inject(
      body,
      signedHeaders(SECRET, body, new Date(Date.now() - 6 * 60_000)),
    );
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toMatch(/5 minutes/);
    const ahead = await inject(
      body,
      signedHeaders(SECRET, body, new Date(Date.now() + 6 * 60_000)),
    );
    expect(ahead.statusCode).toBe(401);
    // The body changed after signing: the signature no longer holds.
    const headers = signedHeaders(SECRET, body);
    const tampered = await inject(body.replace('20000', '2000000'), headers);
    expect(tampered.statusCode).toBe(401);
    const reasons = (await refusalsSince(since)).map((r) => (r.after as { reason: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['signature-mismatch', 'signature-missing', 'signature-stale']),
    );
    expect(reasons).toHaveLength(5);
    const kept = await ctx.db
      .select()
      .from(posTransactions)
      .where(eq(posTransactions.terminalId, terminal.terminalId));
    expect(kept).toHaveLength(0);
  });

  it('refuses a signed body that is not the documented JSON with 422, audited', async () => {
    const since = new Date();
    const terminal = await createPosTerminal(ctx);
    for (const body of [
      'not json',
      JSON.stringify({ transactions: [] }),
      JSON.stringify({ transactions: [{ ...txn(terminal.terminalId), stan: '12' }] }),
      JSON.stringify([txn(terminal.terminalId)]),
    ]) {
      const res = await inject(body, signedHeaders(SECRET, body));
      expect(res.statusCode, body).toBe(422);
    }
    const refused = await refusalsSince(since);
    expect(refused.map((r) => (r.after as { reason: string }).reason)).toEqual(
      Array(4).fill('invalid-body'),
    );
  });

  it('takes only application/json', async () => {
    const body = JSON.stringify({ transactions: [txn(randomTerminalId())] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pos/notifications',
      headers: { 'content-type': 'text/plain', ...signedHeaders(SECRET, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(415);
  });

  it('records the same transaction pushed 100 times at once as one payment', async () => {
    const terminal = await createPosTerminal(ctx);
    const transaction = txn(terminal.terminalId);
    const body = JSON.stringify({ transactions: [transaction] });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'x-revdesk-timestamp': timestamp,
      'x-revdesk-signature': signatureOf(SECRET, timestamp, body),
    };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${ctx.baseUrl}/api/v1/pos/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const outcomes = answers.map((a) => a.body.results[0].outcome);
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(99);
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.channel, 'pos'),
          like(payments.sourceReference, `benjis/${terminal.terminalId}/%`),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});
