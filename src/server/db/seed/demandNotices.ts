import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../shared/dates';
import type { DemandNoticeStatus } from '../../../shared/demandNotices';
import { formatNigerianPhone } from '../../../shared/phone';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Simulators } from '../../integrations/simulators';
import { recordAudit } from '../../modules/audit/service';
import { nextNoticeSequence } from '../../modules/demandNotices/queries';
import type { Db } from '../client';
import { demandNoticeLines, demandNotices, mdas, payments, taxpayers } from '../schema';
import { numberReceipts } from './payments';

/**
 * Demo demand notices (docs/product.md §2 mda/generate-assessment): for every demo MDA with
 * Remita credentials and a revenue head, one notice in each status — issued (its RRR pending at
 * the simulator, so "Simulate payment" pays it), part paid, paid, overdue (past due, unpaid)
 * and cancelled — each with its bill in the ledger and at the Remita simulator, so the MDA
 * transaction report agrees with the payment history. Idempotent: skipped once any notice exists.
 */

type Plan = {
  status: DemandNoticeStatus;
  /** Days ago it was issued, and days from issue to its due date. */
  issuedDaysAgo: number;
  dueInDays: number;
  /** The share of the total paid, in hundredths. */
  paidPercent: number;
  cancelReason?: string;
};

const PLANS: readonly Plan[] = [
  { status: 'issued', issuedDaysAgo: 2, dueInDays: 30, paidPercent: 0 },
  { status: 'part_paid', issuedDaysAgo: 12, dueInDays: 30, paidPercent: 40 },
  { status: 'paid', issuedDaysAgo: 20, dueInDays: 30, paidPercent: 100 },
  // Read as overdue: issued, its due date past (src/shared/demandNotices.ts).
  { status: 'issued', issuedDaysAgo: 50, dueInDays: 30, paidPercent: 0 },
  {
    status: 'cancelled',
    issuedDaysAgo: 8,
    dueInDays: 30,
    paidPercent: 0,
    cancelReason: 'Issued to the wrong payer; a new notice replaces it (demo)',
  },
];

/** Demo lines: what an MDA bills for, priced by its head's default amount or these (demo figures). */
const LINE_TEXTS = ['Permit fee (demo)', 'Inspection visit (demo)', 'Renewal of licence (demo)'];

async function selectBillingMdas(db: Db) {
  return db
    .select({
      id: mdas.id,
      code: mdas.code,
      merchantId: mdas.remitaMerchantId,
      serviceTypeIds: mdas.remitaServiceTypeIds,
      headCode: sql<
        string | null
      >`(select h.code from mda_revenue_heads h where h.mda_id = mdas.id and h.is_active order by h.code limit 1)`,
      headAmountKobo: sql<
        number | null
      >`(select h.default_amount_kobo::float8 from mda_revenue_heads h where h.mda_id = mdas.id and h.is_active order by h.code limit 1)`,
    })
    .from(mdas)
    .where(and(eq(mdas.isActive, true), isNotNull(mdas.remitaMerchantId)))
    .orderBy(asc(mdas.code));
}

export async function seedDemoDemandNotices(
  db: Db,
  config: Config,
  simulators: Simulators,
): Promise<number> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const [existing] = await db.select({ total: count() }).from(demandNotices);
  if ((existing?.total ?? 0) > 0) return 0;
  const billing = await selectBillingMdas(db);
  const payers = await db
    .select({ btin: taxpayers.btin, name: taxpayers.displayName, phone: taxpayers.phone })
    .from(taxpayers)
    .where(and(eq(taxpayers.kind, 'individual'), isNotNull(taxpayers.phone)))
    .orderBy(asc(taxpayers.btin))
    .limit(billing.length * PLANS.length);
  if (payers.length === 0) return 0;
  const actor = systemActor('seed');
  const today = todayInLagos();
  const year = today.slice(0, 4);
  let made = 0;

  await db.transaction(async (tx) => {
    const paid: (typeof payments.$inferInsert)[] = [];
    const others: (typeof payments.$inferInsert)[] = [];
    for (const [m, mda] of billing.entries()) {
      const serviceTypeId = mda.serviceTypeIds[0];
      if (!mda.merchantId || !serviceTypeId || !mda.headCode) continue;
      for (const [p, plan] of PLANS.entries()) {
        const payer = payers[(m * PLANS.length + p) % payers.length];
        if (!payer) continue;
        const unit = mda.headAmountKobo ?? (p + 2) * 750_000;
        const quantity = (p % 3) + 1;
        const totalKobo = unit * quantity;
        const issuedOn = addDays(today, -plan.issuedDaysAgo);
        const issuedAt = new Date(`${issuedOn}T09:00:00+01:00`);
        const number = `${config.receiptPrefix}/DN/${year}/${String(await nextNoticeSequence(tx)).padStart(6, '0')}`;
        const paidKobo = Math.round((totalKobo * plan.paidPercent) / 100);
        const [notice] = await tx
          .insert(demandNotices)
          .values({
            number,
            mdaId: mda.id,
            btin: payer.btin,
            payerName: payer.name,
            payerPhone: payer.phone,
            status: plan.status,
            totalKobo,
            paidKobo,
            issuedOn,
            dueOn: addDays(issuedOn, plan.dueInDays),
            revenueHeadCode: mda.headCode,
            cancelReason: plan.cancelReason ?? null,
            cancelledAt: plan.cancelReason ? issuedAt : null,
            createdAt: issuedAt,
          })
          .returning();
        if (!notice) throw new Error('insert into demand_notices returned nothing');
        await tx.insert(demandNoticeLines).values({
          demandNoticeId: notice.id,
          position: 0,
          revenueHeadCode: mda.headCode,
          description: LINE_TEXTS[p % LINE_TEXTS.length] as string,
          quantity,
          unitAmountKobo: unit,
          amountKobo: totalKobo,
        });
        const bill = (amountKobo: number, statusCode: '00' | '025', paidAt?: Date) =>
          simulators.remita.addInvoice({
            merchantId: mda.merchantId as string,
            serviceTypeId,
            amountKobo,
            orderId: `RDDN${mda.code}${p}${Date.now().toString(36).toUpperCase()}`,
            payerName: payer.name,
            payerEmail: 'noreply@revdesk.ng',
            payerPhone: formatNigerianPhone(payer.phone as string),
            description: `Demand notice ${number}`,
            statusCode,
            ...(paidAt ? { paidAt } : {}),
          });
        const common = {
          mdaId: mda.id,
          revenueHeadCode: mda.headCode,
          btin: payer.btin,
          payerName: payer.name,
          payerPhone: payer.phone,
          channel: 'remita' as const,
          type: 'demand-notice' as const,
          subjectKind: 'demand_notice' as const,
          subjectId: notice.id,
          description: `Demand notice ${number}`,
        };
        if (paidKobo > 0) {
          const paidAt = new Date(issuedAt.getTime() + 3 * 24 * 60 * 60_000);
          const sim = bill(paidKobo, '00', paidAt);
          paid.push({
            ...common,
            rrr: sim.rrr,
            orderId: sim.orderId,
            amountKobo: paidKobo,
            status: 'paid',
            arrival: 'notification',
            paidAt,
            sourceReference: sim.transactionRef,
            createdAt: issuedAt,
          });
        }
        if (paidKobo < totalKobo) {
          const sim = bill(totalKobo - paidKobo, '025');
          const isCancelled = plan.status === 'cancelled';
          others.push({
            ...common,
            rrr: sim.rrr,
            orderId: sim.orderId,
            amountKobo: totalKobo - paidKobo,
            status: isCancelled ? 'cancelled' : 'pending',
            statusReason: isCancelled
              ? `Demand notice ${number} cancelled: ${plan.cancelReason}`
              : null,
            statusChangedAt: isCancelled ? issuedAt : null,
            arrival: 'invoice',
            createdAt: issuedAt,
          });
        }
        made += 1;
      }
    }
    await numberReceipts(tx, config.receiptPrefix, paid);
    if (paid.length + others.length > 0) await tx.insert(payments).values([...paid, ...others]);
    await recordAudit(tx, actor, {
      action: 'demand_notice.demo_seeded',
      entityType: 'demand_notice',
      after: { mdas: billing.length, notices: made },
    });
  });
  return made;
}
