import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments';
import { taxpayers } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { createRemitaClient } from './client';
import { createRemitaMda, type Receiver, type RemitaMda, startReceiver } from './testing';

/**
 * What RevDesk sends to paymentinit, byte for byte as Remita's official samples send it
 * (docs/remita.md, "Generate an RRR"): whole naira without decimals, kobo as two decimals only when
 * there are some, the hash over exactly that text, and the payer's phone as digits only.
 */

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');
const CONTACT_PHONE = '+2349062067384';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let officer: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({ contactPhone: CONTACT_PHONE }, { listen: true });
  officer = await signInAs(ctx, 'OFFICER_DA');
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the paymentinit request', () => {
  let receiver: Receiver;
  const headers: string[] = [];

  beforeAll(async () => {
    // Remita stands in as a receiver that keeps what it was sent and answers as Remita does.
    receiver = await startReceiver((request, reply) => {
      headers.push(String(request.headers.authorization));
      return reply
        .type('application/json')
        .send(
          'jsonp ({"statuscode":"025","RRR":"280099990001","status":"Payment Reference generated"})',
        );
    });
  });

  afterAll(async () => {
    await receiver?.close();
  });

  it.each([
    [500_000, '5000'],
    [500_050, '5000.50'],
  ])('sends %i kobo as "%s" and hashes exactly that text', async (amountKobo, amount) => {
    const client = createRemitaClient({ baseUrl: () => receiver.url, timeoutMs: 2_000 });
    const credentials = { merchantId: '2547916', apiKey: '1946', serviceTypeIds: ['4430731'] };
    const before = receiver.bodies.length;
    await client.generateRrr(credentials, {
      serviceTypeId: '4430731',
      amountKobo,
      orderId: 'ORD-1',
      payerName: 'Timi Alaibe',
      payerEmail: 'timi@example.com',
      payerPhone: '08051112222',
      description: 'Certificate of Occupancy fees',
    });
    expect(receiver.bodies.slice(before)).toEqual([
      {
        serviceTypeId: '4430731',
        amount,
        orderId: 'ORD-1',
        payerName: 'Timi Alaibe',
        payerEmail: 'timi@example.com',
        payerPhone: '08051112222',
        description: 'Certificate of Occupancy fees',
      },
    ]);
    const hash = sha512(`25479164430731ORD-1${amount}1946`);
    expect(headers.at(-1)).toBe(`remitaConsumerKey=2547916,remitaConsumerToken=${hash}`);
  });
});

describe('the payer phone of a bill raised here', () => {
  async function raiseFor(btin: string): Promise<PaymentView> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers: officer.bearer,
      payload: {
        btin,
        mdaId: mda.id,
        revenueHeadCode: mda.revenueHeadCode,
        amountKobo: 1_000_000,
        description: 'Development levy 2026',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<PaymentView>();
  }

  it("goes to Remita as digits only, and the simulator's invoice holds whole naira", async () => {
    const taxpayer = await createTaxpayer(ctx, { phone: '0803 123 4567' });
    const bill = await raiseFor(taxpayer.btin);
    expect(ctx.simulators.remita.getInvoice(bill.rrr as string)).toMatchObject({
      payerPhone: '08031234567',
      amountKobo: 1_000_000,
    });
  });

  it("is the service's contact number (CONTACT_PHONE) for a payer who has none", async () => {
    // Registration asks for a phone; records migrated from the old portal may have none.
    const taxpayer = await createTaxpayer(ctx);
    await ctx.db.update(taxpayers).set({ phone: null }).where(eq(taxpayers.btin, taxpayer.btin));
    const bill = await raiseFor(taxpayer.btin);
    expect(ctx.simulators.remita.getInvoice(bill.rrr as string)?.payerPhone).toBe('09062067384');
    // The ledger keeps the taxpayer's own (none): the contact number is only what Remita needs.
    expect(bill.payerPhone).toBeNull();
  });
});
