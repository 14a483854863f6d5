import { randomInt } from 'node:crypto';
import type {
  PaymentArrival,
  PaymentChannel,
  PaymentSubjectKind,
  PaymentType,
} from '../../../shared/payments';
import { systemActor } from '../../auth/actor';
import { mdaRevenueHeads } from '../../db/schema';
import type { TestContext } from '../../testing/context';
import { createMda } from '../../testing/factories';
import { createLedger } from './ledger/ledger';
import { type PaymentRow, updatePayment } from './ledger/queries';

/** Helpers of the payments' tests (not a test file itself). */

/** A fresh 12-digit RRR; the ledger's unique index would refuse a repeat, so a clash shows at once. */
export function randomRrr(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1e11)).padStart(11, '0')}`;
}

export type PaymentOverrides = {
  /** `paid` (default) through recordConfirmedPayment, `pending` through recordBill. */
  status?: 'paid' | 'pending';
  mdaId?: string;
  rrr?: string;
  amountKobo?: number;
  paidAt?: Date;
  arrival?: Exclude<PaymentArrival, 'invoice'>;
  channel?: PaymentChannel;
  payerName?: string | null;
  payerPhone?: string | null;
  payerEmail?: string | null;
  btin?: string | null;
  revenueHeadCode?: string | null;
  sourceReference?: string | null;
  type?: PaymentType | null;
  /** The record it pays (ADR 0028); a paid payment takes it as a matched payment would. */
  subjectKind?: PaymentSubjectKind | null;
  subjectId?: string | null;
  description?: string | null;
};

/**
 * A payment recorded through the ledger as the system would record it: paid (a confirmed
 * Remita payment, with a receipt number) unless `status: 'pending'` asks for a bill. On a
 * new MDA unless `mdaId` is given.
 */
export async function createPayment(
  ctx: Pick<TestContext, 'db' | 'config' | 'settlements'>,
  overrides: PaymentOverrides = {},
): Promise<PaymentRow> {
  const mdaId = overrides.mdaId ?? (await createMda(ctx)).id;
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  const actor = systemActor('system');
  const common = {
    rrr: overrides.rrr ?? randomRrr(),
    mdaId,
    amountKobo: overrides.amountKobo ?? 1_234_50,
    payerName: overrides.payerName === undefined ? 'Ebiere Alamieyeseigha' : overrides.payerName,
    payerPhone: overrides.payerPhone === undefined ? '+2348031234567' : overrides.payerPhone,
    payerEmail: overrides.payerEmail === undefined ? 'ebiere@example.ng' : overrides.payerEmail,
    btin: overrides.btin ?? null,
    revenueHeadCode: overrides.revenueHeadCode ?? null,
    sourceReference: overrides.sourceReference ?? null,
    description: overrides.description ?? null,
  };
  const payment = await ctx.db.transaction(async (tx) => {
    if (overrides.status === 'pending') {
      return ledger.recordBill(tx, actor, {
        ...common,
        channel: overrides.channel ?? 'remita',
        type: overrides.type ?? null,
        subjectKind: overrides.subjectKind ?? null,
        subjectId: overrides.subjectId ?? null,
      });
    }
    const { payment } = await ledger.recordConfirmedPayment(tx, actor, {
      ...common,
      paidAt: overrides.paidAt ?? new Date(),
      arrival: overrides.arrival ?? 'notification',
      channel: overrides.channel ?? 'remita',
    });
    return payment;
  });
  // recordConfirmedPayment takes no subject (Remita does not send one); set it as a matched
  // payment would have it.
  if (overrides.status !== 'pending' && (overrides.type || overrides.subjectKind)) {
    return updatePayment(ctx.db, payment.id, {
      type: overrides.type ?? null,
      subjectKind: overrides.subjectKind ?? null,
      subjectId: overrides.subjectId ?? null,
    });
  }
  return payment;
}

/** A revenue head of the MDA, for payments that name one. */
export async function createRevenueHead(
  ctx: Pick<TestContext, 'db'>,
  mdaId: string,
  input: { code: string; name: string },
) {
  const [row] = await ctx.db
    .insert(mdaRevenueHeads)
    .values({ mdaId, code: input.code, name: input.name })
    .returning();
  if (!row) throw new Error('insert into mda_revenue_heads returned nothing');
  return row;
}
