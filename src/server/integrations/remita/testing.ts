import { randomInt, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { systemActor } from '../../auth/actor';
import { createMdaService, type RemitaCredentials } from '../../modules/mdas/service';
import { secretBoxFromConfig } from '../../secrets';
import type { TestContext } from '../../testing/context';
import type { NewSimInvoice, SimInvoice } from './simulatorState';

export type RemitaMda = {
  id: string;
  code: string;
  name: string;
  /** The economic code of its one revenue head (8 digits). */
  revenueHeadCode: string;
  credentials: RemitaCredentials;
};

let serial = 0;

/**
 * An MDA with one revenue head and Remita credentials, made through the MDA service (its key
 * sealed as in real use), whose merchant the test app's Remita simulator knows: status checks
 * and invoices for it succeed over real HTTP.
 */
export async function createRemitaMda(
  ctx: Pick<TestContext, 'db' | 'config' | 'simulators'>,
  input: { name?: string; revenueHeadCode?: string; defaultAmountKobo?: number | null } = {},
): Promise<RemitaMda> {
  serial += 1;
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const code = `RM-${tag}`;
  const credentials: RemitaCredentials = {
    // Random, so two MDAs (or two test files sharing a database) never share a merchant.
    merchantId: String(randomInt(100_000_000, 999_999_999)),
    apiKey: `test-key-${randomUUID()}`,
    serviceTypeIds: [String(randomInt(10_000_000, 99_999_999))],
  };
  const service = createMdaService({ db: ctx.db, secrets: secretBoxFromConfig(ctx.config) });
  const actor = systemActor('system');
  const mda = await service.createMda(actor, {
    code,
    name: input.name ?? `Remita Test Ministry ${serial} ${tag}`,
    shortName: null,
    category: 'ministry',
    isActive: true,
    merchantId: credentials.merchantId,
    serviceTypeIds: credentials.serviceTypeIds,
    apiKey: credentials.apiKey,
  });
  const revenueHeadCode = input.revenueHeadCode ?? '12020401';
  await service.addRevenueHead(actor, mda.id, {
    code: revenueHeadCode,
    name: 'Test fees',
    defaultAmountKobo: input.defaultAmountKobo ?? null,
    isActive: true,
  });
  ctx.simulators.remita.registerMerchant(credentials);
  return { id: mda.id, code: mda.code, name: mda.name, revenueHeadCode, credentials };
}

export type Receiver = {
  url: string;
  /** The bodies received, oldest first. */
  bodies: unknown[];
  close(): Promise<void>;
};

/**
 * A tiny HTTP server of the test's own: a notification receiver, or a "remote system" that
 * answers what a test needs (a 503, a page of HTML). Every request is answered by `answer`.
 */
export async function startReceiver(
  answer: (request: FastifyRequest, reply: FastifyReply) => unknown = () => 'OK',
): Promise<Receiver> {
  const server = Fastify();
  const bodies: unknown[] = [];
  server.all('/*', async (request, reply) => {
    bodies.push(request.body);
    return answer(request, reply);
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url, bodies, close: () => server.close() };
}

/** A loopback address where nothing listens (a port that was just freed). */
export async function closedPortUrl(): Promise<string> {
  const receiver = await startReceiver();
  await receiver.close();
  return receiver.url;
}

/** An RRR the simulator raised for the MDA, as if a payer had billed themselves at a bank. */
export function addSimInvoice(
  ctx: Pick<TestContext, 'simulators'>,
  mda: RemitaMda,
  overrides: Partial<NewSimInvoice> = {},
): SimInvoice {
  return ctx.simulators.remita.addInvoice({
    merchantId: mda.credentials.merchantId,
    serviceTypeId: mda.credentials.serviceTypeIds[0] as string,
    amountKobo: 500_000,
    orderId: `ORD-${randomUUID()}`,
    payerName: 'Ebiere Douglas',
    payerEmail: 'ebiere@example.com',
    payerPhone: '08031234567',
    description: 'Test fees',
    ...overrides,
  });
}
