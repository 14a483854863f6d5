import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payments } from '../../../db/schema';
import { simulatorMessage } from '../../../integrations/remita/simulator';
import {
  addSimInvoice,
  createRemitaMda,
  type RemitaMda,
} from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { signInForMdas } from './testing';

/**
 * Every status code of docs/remita.md's table, as the officer's "Check RRR" shows it, each answered
 * by the simulator; a code no table lists; and the configuration faults kept on the MDA for an
 * administrator (ADR 0021).
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function checkStatus(rrr: string, mdaId: string, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/remita/rrr/${rrr}/status?mdaId=${mdaId}`,
    headers,
  });
}

function invoiceAnswering(target: RemitaMda, code: string) {
  const invoice = addSimInvoice(ctx, target);
  return ctx.simulators.remita.setStatus(invoice.rrr, code);
}

async function getMda(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/mdas/${id}`,
    headers: admin.bearer,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('each code of the table, with Remita’s own message', () => {
  it.each([
    ['00', 'Completed', 'paid', true],
    ['01', 'Approved', 'paid', true],
    ['021', 'Pending', 'pending', false],
    ['025', 'Payment reference generated', 'pending', false],
    ['02', 'Failed', 'failed', false],
    ['012', 'Aborted by the payer', 'failed', false],
    ['040', 'Refused by Remita', 'failed', false],
    ['045', 'Refused by Remita', 'failed', false],
    ['046', 'Refused by Remita', 'failed', false],
    ['055', 'Refused by Remita', 'failed', false],
    ['999', 'Unknown error', 'failed', false],
  ] as const)('shows code %s as "%s" (%s)', async (code, status, outcome, isPaid) => {
    const invoice = invoiceAnswering(mda, code);
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: code,
      status,
      outcome,
      isPaid,
      message: simulatorMessage(code),
    });
    const recorded = await ctx.db.select().from(payments).where(eq(payments.rrr, invoice.rrr));
    expect(recorded).toHaveLength(isPaid ? 1 : 0);
  });

  it('shows a code no table lists as unrecognised with Remita’s message, never as pending', async () => {
    const invoice = invoiceAnswering(mda, '077');
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: '077',
      status: 'Unrecognised code 077',
      outcome: 'unrecognised',
      isPaid: false,
      message: 'Unrecognised status',
    });
  });

  it('shows 022 as not found', async () => {
    const invoice = invoiceAnswering(mda, '022');
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RRR_NOT_FOUND');
  });
});

describe('a configuration fault of the MDA’s Remita settings', () => {
  it.each(['013', '020', '023', '024'])(
    'tells the officer to ask an administrator about the MDA (code %s), and keeps it on the MDA',
    async (code) => {
      const faulty = await createRemitaMda(ctx);
      const officer = await signInForMdas(ctx, 'OFFICER_MDA', [faulty.id]);
      const invoice = invoiceAnswering(faulty, code);
      const res = await checkStatus(invoice.rrr, faulty.id, officer.bearer);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({
        code: 'REMITA_AUTH_FAILED',
        message: expect.stringContaining(
          `Ask an administrator to check ${faulty.name}'s Remita settings`,
        ),
        details: { remitaCode: code, remitaMessage: simulatorMessage(code) },
      });
      expect(res.json().error.message).toContain(`code ${code}: ${simulatorMessage(code)}`);

      const view = await getMda(faulty.id);
      expect(view.remitaFault).toEqual({
        code,
        message: simulatorMessage(code),
        at: expect.any(String),
      });
      const audited = await ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, faulty.id), eq(auditEvents.action, 'mda.remita_fault')),
        );
      expect(audited).toHaveLength(1);
      expect(audited[0]?.actorUsername).toBe(officer.officer.username);
    },
  );

  it('audits a repeated fault once, and clears it when Remita accepts the settings again', async () => {
    const faulty = await createRemitaMda(ctx);
    const refused = invoiceAnswering(faulty, '024');
    expect((await checkStatus(refused.rrr, faulty.id)).statusCode).toBe(502);
    expect((await checkStatus(refused.rrr, faulty.id)).statusCode).toBe(502);
    const faults = () =>
      ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, faulty.id), eq(auditEvents.action, 'mda.remita_fault')),
        );
    expect(await faults()).toHaveLength(1);

    const fine = addSimInvoice(ctx, faulty);
    expect((await checkStatus(fine.rrr, faulty.id)).statusCode).toBe(200);
    expect((await getMda(faulty.id)).remitaFault).toBeNull();
    const cleared = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, faulty.id),
          eq(auditEvents.action, 'mda.remita_fault_cleared'),
        ),
      );
    expect(cleared).toHaveLength(1);
  });

  it('keeps a wrong API key (020 from the simulator’s own check) until an administrator changes it', async () => {
    const faulty = await createRemitaMda(ctx);
    const invoice = addSimInvoice(ctx, faulty);
    const patch = (apiKey: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/mdas/${faulty.id}`,
        headers: admin.bearer,
        payload: { apiKey },
      });
    expect((await patch('not-the-key')).statusCode).toBe(200);
    const res = await checkStatus(invoice.rrr, faulty.id);
    expect(res.json().error.details).toMatchObject({ remitaCode: '020' });
    expect((await getMda(faulty.id)).remitaFault).toMatchObject({ code: '020' });

    const fixed = await patch(faulty.credentials.apiKey);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().remitaFault).toBeNull();
  });
});
