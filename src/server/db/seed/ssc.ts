import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  SSC_CATEGORIES,
  SSC_CATEGORY_LABELS,
  SSC_COLLECTING_MDA_CODE,
  SSC_REVENUE_HEAD_CODE,
  SSC_REVENUE_HEAD_NAME,
  type SscCategory,
} from '../../../shared/ssc/enums';
import type { SscScheduleEntryInput } from '../../../shared/ssc/views';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Simulators } from '../../integrations/simulators';
import { createMdaService } from '../../modules/mdas/service';
import { createLedger } from '../../modules/payments/ledger/ledger';
import { createSettlements, type Settlements } from '../../modules/payments/ledger/settlements';
import { registerSscSettlement } from '../../modules/ssc/bill';
import { findScheduleForUpdate, updateSchedule } from '../../modules/ssc/queries';
import { createSscService } from '../../modules/ssc/service';
import { secretBoxFromConfig } from '../../secrets';
import type { Db } from '../client';
import { mdaRevenueHeads, mdas, sscSchedules } from '../schema';
import { seedDemoMdas } from './mdas';

/**
 * Demo SSC schedules (docs/tax-rules.md "SSC levies"): for the three months before this one,
 * four demo MDAs send a schedule of each category, entered through the SSC service so each row's
 * levy comes from the (demo) rate table and each schedule is audited; with the simulators, the
 * older ones are billed or paid to the revenue service (billDemoSchedules). Made-up names and
 * pay, deterministic, so every demo start shows the same lists. Skipped once any schedule exists.
 */

const GIVEN = ['Ebiere', 'Tonye', 'Preye', 'Ayibaemi', 'Douye', 'Ebikabowei', 'Timi', 'Boma'];
const FAMILY = [
  'Alamieyeseigha',
  'Dickson',
  'Sylva',
  'Ebiowei',
  'Okoko',
  'Amakiri',
  'Ere',
  'Tuoyo',
];

/** A civil servant's gross monthly pay by grade level, in naira: demo figures, not a salary scale. */
function grossNairaOf(gradeLevel: number, n: number): number {
  return 38_000 + gradeLevel * gradeLevel * 2_400 + (n % 5) * 1_250;
}

/** The three months before `today`'s, YYYY-MM, oldest first. */
export function demoSscMonths(today: Date): string[] {
  const lagos = new Date(today.getTime() + 3_600_000);
  return [3, 2, 1].map((back) => {
    const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - back, 1));
    return d.toISOString().slice(0, 7);
  });
}

function demoRows(category: SscCategory, mdaIndex: number, monthIndex: number) {
  const size = category === 'office-holders' ? 3 : 6 + mdaIndex;
  return Array.from({ length: size }, (_, i): SscScheduleEntryInput['rows'][number] => {
    const n = mdaIndex * 17 + i;
    const gradeLevel = category === 'office-holders' ? 15 + (i % 3) : 1 + ((n * 5) % 16);
    const naira =
      category === 'office-holders' ? 650_000 + i * 125_000 : grossNairaOf(gradeLevel, n);
    return {
      staffId: `${category === 'office-holders' ? 'POH' : 'BYS'}/${String(mdaIndex + 1).padStart(2, '0')}/${String(i + 1).padStart(4, '0')}`,
      name: `${GIVEN[n % GIVEN.length]} ${FAMILY[(n * 3) % FAMILY.length]}`,
      gradeLevel,
      // A step up in the third month: a pay rise shows in the levy.
      grossKobo: (naira + (monthIndex === 2 ? 2_500 : 0)) * 100,
    };
  });
}

/**
 * The SSC levy's revenue head on the revenue service's MDA (SSC_REVENUE_HEAD_CODE, which SSC bills
 * default to): seed/mdas.ts adds it with a new BIRS, this adds it to a BIRS an older demo database
 * made before the head existed. Demo data only: a real deployment's administrator adds it under
 * Manage MDAs (the bill's 422 says so), so no migration writes it.
 */
async function ensureSscRevenueHead(db: Db, config: Config): Promise<void> {
  const service = createMdaService({ db, secrets: secretBoxFromConfig(config) });
  const actor = systemActor('seed');
  const birs = (await service.listMdas(actor, { includeInactive: true })).items.find(
    (m) => m.code === SSC_COLLECTING_MDA_CODE,
  );
  if (!birs) return;
  const view = await service.getMda(actor, birs.id);
  if (view.revenueHeads.some((h) => h.code === SSC_REVENUE_HEAD_CODE)) return;
  await service.addRevenueHead(actor, birs.id, {
    code: SSC_REVENUE_HEAD_CODE,
    name: SSC_REVENUE_HEAD_NAME,
    defaultAmountKobo: null,
    isActive: true,
  });
}

/**
 * What becomes of a demo schedule: the oldest month's are all paid, the middle month's billed
 * (even MDAs) or paid (odd ones), last month's unbilled, so every status filter shows some.
 */
function demoStatusOf(monthIndex: number, mdaIndex: number): 'unbilled' | 'billed' | 'paid' {
  if (monthIndex === 0) return 'paid';
  if (monthIndex === 1) return mdaIndex % 2 === 0 ? 'billed' : 'paid';
  return 'unbilled';
}

/** Noon (Lagos) on `day`, or an hour ago when that is still to come. */
function noonOf(day: string): Date {
  const at = new Date(`${day}T12:00:00+01:00`);
  return at.getTime() > Date.now() ? new Date(Date.now() - 3_600_000) : at;
}

export async function seedDemoSscSchedules(
  db: Db,
  config: Config,
  simulators?: Simulators,
  today = new Date(),
) {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  // The demo MDAs are there already in demo mode (payments.ts); added here when they are not.
  await seedDemoMdas(db, config);
  await ensureSscRevenueHead(db, config);
  const [existing] = await db.select({ n: count() }).from(sscSchedules);
  if ((existing?.n ?? 0) > 0) return 0;
  const secrets = secretBoxFromConfig(config);
  const actor = systemActor('seed');
  const mdaList = (await createMdaService({ db, secrets }).listMdas(actor, {})).items;
  // The employers: four demo MDAs, not the revenue service that collects the levy.
  const employers = mdaList.filter((m) => m.code !== SSC_COLLECTING_MDA_CODE).slice(0, 4);
  const settlements = createSettlements();
  registerSscSettlement(settlements);
  const service = createSscService({ db, config, secrets, settlements });
  const entered: { id: string; status: ReturnType<typeof demoStatusOf>; month: string }[] = [];
  for (const [monthIndex, month] of demoSscMonths(today).entries()) {
    for (const [mdaIndex, mda] of employers.entries()) {
      for (const category of SSC_CATEGORIES) {
        const view = await service.enterSchedule(actor, {
          mdaId: mda.id,
          category,
          month,
          rows: demoRows(category, mdaIndex, monthIndex),
        });
        entered.push({ id: view.id, status: demoStatusOf(monthIndex, mdaIndex), month });
      }
    }
  }
  if (simulators) await billDemoSchedules(db, config, simulators, settlements, entered);
  return entered.length;
}

/**
 * Bills and pays the schedules `entered` marks so, as stamp duty's seed does: each bill is in the
 * ledger and the Remita simulator (subject `ssc_schedule`, ADR 0028) under BIRS's SSC levy head;
 * a paid one has Remita's payment, whose settlement (modules/ssc/bill.ts) marks the schedule paid.
 * Skipped when BIRS has no Remita credentials or no SSC head.
 */
async function billDemoSchedules(
  db: Db,
  config: Config,
  simulators: Simulators,
  settlements: Settlements,
  entered: readonly { id: string; status: 'unbilled' | 'billed' | 'paid'; month: string }[],
): Promise<void> {
  const [birs] = await db
    .select({
      id: mdas.id,
      merchantId: mdas.remitaMerchantId,
      serviceTypeIds: mdas.remitaServiceTypeIds,
    })
    .from(mdas)
    .innerJoin(
      mdaRevenueHeads,
      and(
        eq(mdaRevenueHeads.mdaId, mdas.id),
        eq(mdaRevenueHeads.code, SSC_REVENUE_HEAD_CODE),
        eq(mdaRevenueHeads.isActive, true),
      ),
    )
    .where(and(eq(mdas.code, SSC_COLLECTING_MDA_CODE), isNotNull(mdas.remitaMerchantId)))
    .limit(1);
  const serviceTypeId = birs?.serviceTypeIds[0];
  if (!birs?.merchantId || !serviceTypeId) return;
  const merchantId = birs.merchantId;
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });
  const actor = systemActor('seed');
  await simulators.batch(() =>
    db.transaction(async (tx) => {
      for (const [n, item] of entered.entries()) {
        if (item.status === 'unbilled') continue;
        const row = await findScheduleForUpdate(tx, item.id);
        if (!row) continue;
        const [mda] = await tx
          .select({ name: mdas.name })
          .from(mdas)
          .where(eq(mdas.id, row.mdaId))
          .limit(1);
        const payerName = mda?.name ?? 'Employer MDA';
        // Billed on the 10th of the month after the schedule's, paid three days later.
        const next = new Date(`${item.month}-01T00:00:00Z`);
        next.setUTCMonth(next.getUTCMonth() + 1);
        const billedOn = `${next.toISOString().slice(0, 8)}10`;
        const billedAt = noonOf(billedOn);
        const paidAt =
          item.status === 'paid' ? noonOf(`${next.toISOString().slice(0, 8)}13`) : undefined;
        const description =
          `SSC levy ${item.month}, ${SSC_CATEGORY_LABELS[row.category].toLowerCase()}, ${payerName}`.slice(
            0,
            200,
          );
        const sim = simulators.remita.addInvoice({
          merchantId,
          serviceTypeId,
          amountKobo: row.levyKobo,
          orderId: `RDSSC${String(n).padStart(4, '0')}${Date.now().toString(36).toUpperCase()}`,
          payerName,
          payerEmail: 'noreply@revdesk.ng',
          payerPhone: '',
          description,
          statusCode: paidAt ? '00' : '025',
          ...(paidAt ? { paidAt } : {}),
        });
        const bill = await ledger.recordBill(tx, actor, {
          rrr: sim.rrr,
          amountKobo: row.levyKobo,
          mdaId: birs.id,
          revenueHeadCode: SSC_REVENUE_HEAD_CODE,
          btin: null,
          payerName,
          payerPhone: null,
          payerEmail: null,
          channel: 'remita',
          type: 'ssc',
          subjectKind: 'ssc_schedule',
          subjectId: row.id,
          description,
          orderId: sim.orderId,
          createdAt: billedAt,
        });
        await updateSchedule(tx, row.id, { status: 'billed', paymentId: bill.id, billedAt });
        if (paidAt) {
          await ledger.recordConfirmedPayment(tx, systemActor('remita'), {
            rrr: sim.rrr,
            mdaId: birs.id,
            amountKobo: row.levyKobo,
            paidAt,
            arrival: 'notification',
            payerName,
            sourceReference: sim.transactionRef ?? null,
          });
        }
      }
    }),
  );
}
