import { randomUUID } from 'node:crypto';
import type { PosTransactionState, PosTransactionStatus } from '../../../../shared/pos/enums';
import { systemActor } from '../../../auth/actor';
import { posAgents, posTerminals, posTransactions } from '../../../db/schema';
import type { TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';

/**
 * A POS world a test builds for itself (never the demo seed): an MDA, agents and terminals,
 * and transactions written straight into pos_transactions — a recorded one with its payment in
 * the ledger, as the recording would leave it.
 */

let serial = 0;

export type PosWorld = {
  mda: { id: string; code: string; name: string };
  agent: { id: string; name: string };
  terminalId: string;
};

export async function createPosWorld(
  ctx: Pick<TestContext, 'db'>,
  input: { agentName?: string; mdaId?: string; isActive?: boolean } = {},
): Promise<PosWorld> {
  serial += 1;
  const tag = `${serial}${randomUUID().slice(0, 6)}`;
  const mda = input.mdaId
    ? { id: input.mdaId, code: '', name: '' }
    : await createMda(ctx, { name: `POS Ministry ${tag}` });
  const [agent] = await ctx.db
    .insert(posAgents)
    .values({
      name: input.agentName ?? `Agent ${tag}`,
      phone: '+2348031234567',
      mdaId: mda.id,
    })
    .returning({ id: posAgents.id, name: posAgents.name });
  if (!agent) throw new Error('no agent');
  const terminalId = `T${tag}`.slice(0, 12).toUpperCase();
  await ctx.db.insert(posTerminals).values({
    provider: 'benjis',
    terminalId,
    serialNumber: `SN-${tag}`,
    agentId: agent.id,
    mdaId: mda.id,
    revenueHeadCode: '12020401',
    isActive: input.isActive ?? true,
  });
  return { mda, agent, terminalId };
}

let stanSerial = 100_000;

export type TestPosTransaction = {
  stan?: string;
  rrn?: string;
  amountKobo?: number;
  transactedAt?: Date;
  status?: PosTransactionStatus;
  state?: PosTransactionState;
  payerName?: string | null;
  payerPhone?: string | null;
  revenueHeadCode?: string | null;
};

/** One transaction of the world's terminal; a recorded (or reversed) one has its payment. */
export async function insertPosTransaction(
  ctx: Pick<TestContext, 'db' | 'config' | 'settlements'>,
  world: PosWorld,
  input: TestPosTransaction = {},
): Promise<{ id: string; stan: string; rrn: string; paymentId: string | null }> {
  stanSerial += 1;
  const stan = input.stan ?? String(stanSerial).slice(-6);
  const rrn = input.rrn ?? `${Date.now() % 1_000_000}${stanSerial}`.padStart(12, '0').slice(-12);
  const transactedAt = input.transactedAt ?? new Date();
  const amountKobo = input.amountKobo ?? 150_000;
  const state = input.state ?? 'recorded';
  let paymentId: string | null = null;
  if (state === 'recorded' || state === 'reversed') {
    const ledger = createLedger({
      receiptPrefix: ctx.config.receiptPrefix,
      settlements: ctx.settlements,
    });
    const { payment } = await ctx.db.transaction((tx) =>
      ledger.recordReceivedPayment(tx, systemActor('system'), {
        channel: 'pos',
        sourceReference: `benjis/${world.terminalId}/${stan}/${transactedAt.toISOString()}/${randomUUID()}`,
        arrival: 'push',
        mdaId: world.mda.id,
        amountKobo,
        paidAt: transactedAt,
        payerName: input.payerName ?? undefined,
      }),
    );
    paymentId = payment.id;
  }
  const [row] = await ctx.db
    .insert(posTransactions)
    .values({
      provider: 'benjis',
      terminalId: world.terminalId,
      stan,
      rrn,
      amountKobo,
      transactedAt,
      status: input.status ?? (state === 'declined' ? 'declined' : 'approved'),
      state,
      arrival: 'push',
      revenueHeadCode: input.revenueHeadCode === undefined ? '12020401' : input.revenueHeadCode,
      payerName: input.payerName ?? null,
      payerPhone: input.payerPhone ?? null,
      agentId: state === 'held' ? null : world.agent.id,
      mdaId: state === 'held' ? null : world.mda.id,
      paymentId,
    })
    .returning({ id: posTransactions.id });
  if (!row) throw new Error('no transaction');
  return { id: row.id, stan, rrn, paymentId };
}
