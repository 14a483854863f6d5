import { fakerEN_NG } from '@faker-js/faker';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { formatNigerianPhone } from '../../../shared/phone';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { SimInvoice } from '../../integrations/remita/simulatorState';
import type { Simulators } from '../../integrations/simulators';
import { recordAudit } from '../../modules/audit/service';
import { formatReceiptNumber, receiptYear } from '../../modules/payments/ledger/ledger';
import { autoRegisterPayer } from '../../modules/taxpayers/service';
import type { Db } from '../client';
import { mdas, payments, receiptCounters, taxpayers } from '../schema';

/**
 * Demo payments: for every demo MDA with Remita credentials, payments received
 * through notifications over the last ninety days (most from demo taxpayers, a few from payers
 * with no BTIN, a few auto-registered), bills still pending that "Simulate payment" can pay,
 * and failed ones. Each RRR is in the Remita simulator AND the ledger, so a status check agrees
 * with the ledger. Deterministic for the faker seed, apart from dates counted back from now.
 */

const PAID_PER_MDA = 6;
const UNMATCHED_PER_MDA = 1;
const PENDING_PER_MDA = 2;
const FAILED_PER_MDA = 1;
/** The first few MDAs each have a payer auto-registered, so the auto-reg page shows both kinds. */
const AUTO_REGISTERED_MDAS = 3;

type Payer = { btin: string | null; name: string; phone: string; email: string | null };
type Row = typeof payments.$inferInsert;

/** The RRRs already known to the ledger: skipped then (idempotent, like the other demo seeds). */
async function countPayments(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(payments);
  return row?.total ?? 0;
}

/** Each MDA with its first active revenue head. `mdas.id` is spelled out: Drizzle writes a
 * column of a one-table select without its table, which the sub-select would read as its own. */
async function selectDemoMdas(db: Db) {
  return db
    .select({
      id: mdas.id,
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
    .where(
      and(
        eq(mdas.isActive, true),
        isNotNull(mdas.remitaMerchantId),
        isNotNull(mdas.remitaApiKeyEncrypted),
      ),
    )
    .orderBy(asc(mdas.code));
}

async function selectDemoPayers(db: Db, limit: number): Promise<Payer[]> {
  const rows = await db
    .select({
      btin: taxpayers.btin,
      name: taxpayers.displayName,
      phone: taxpayers.phone,
      email: taxpayers.email,
    })
    .from(taxpayers)
    .where(and(eq(taxpayers.kind, 'individual'), isNotNull(taxpayers.phone)))
    .orderBy(asc(taxpayers.btin))
    .limit(limit);
  return rows.map((r) => ({ ...r, phone: r.phone as string }));
}

/** Receipt numbers for paid rows, in the order they were paid, from the year's counter. */
export async function numberReceipts(tx: Db, prefix: string, paid: Row[]): Promise<void> {
  paid.sort((a, b) => (a.paidAt as Date).getTime() - (b.paidAt as Date).getTime());
  const byYear = new Map<number, Row[]>();
  for (const row of paid) {
    const year = receiptYear(row.paidAt as Date);
    byYear.set(year, [...(byYear.get(year) ?? []), row]);
  }
  for (const [year, rows] of byYear) {
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ year, lastSequence: rows.length })
      .onConflictDoUpdate({
        target: receiptCounters.year,
        set: { lastSequence: sql`${receiptCounters.lastSequence} + ${rows.length}` },
      })
      .returning({ lastSequence: receiptCounters.lastSequence });
    const first = (counter?.lastSequence ?? rows.length) - rows.length + 1;
    rows.forEach((row, i) => {
      row.receiptNumber = formatReceiptNumber(prefix, year, first + i);
    });
  }
}

export async function seedDemoPayments(
  db: Db,
  config: Config,
  simulators: Simulators,
): Promise<number> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  if ((await countPayments(db)) > 0) return 0;
  const demoMdas = await selectDemoMdas(db);
  if (demoMdas.length === 0) return 0;
  const faker = fakerEN_NG;
  faker.seed(2605);
  const payers = await selectDemoPayers(db, demoMdas.length * PAID_PER_MDA);
  const now = Date.now();
  const actor = systemActor('seed');
  const rows: Row[] = [];
  const autoRegistered: { row: Row; payer: Payer }[] = [];

  for (const [n, mda] of demoMdas.entries()) {
    const serviceTypeId = mda.serviceTypeIds[0];
    if (!mda.merchantId || !serviceTypeId) continue;
    const amountKobo = () =>
      mda.headAmountKobo ?? faker.number.int({ min: 10, max: 2_000 }) * 250 * 100;
    const payerFor = (i: number): Payer => {
      const known = payers[(n * PAID_PER_MDA + i) % Math.max(payers.length, 1)];
      if (known && i >= UNMATCHED_PER_MDA) return known;
      // Paid at a bank with no BTIN: a name and a phone, nothing the registry knows.
      const name = `${faker.person.firstName()} ${faker.person.lastName()}`;
      return { btin: null, name, phone: `+234803${faker.string.numeric(7)}`, email: null };
    };
    const invoice = (payer: Payer, status: SimInvoice['statusCode'], paidAt?: Date) =>
      simulators.remita.addInvoice({
        merchantId: mda.merchantId as string,
        serviceTypeId,
        amountKobo: amountKobo(),
        orderId: `RD${faker.string.alphanumeric({ length: 12, casing: 'upper' })}`,
        payerName: payer.name,
        payerEmail: payer.email ?? 'noreply@revdesk.ng',
        payerPhone: formatNigerianPhone(payer.phone),
        description: 'Demo payment',
        statusCode: status,
        ...(paidAt ? { paidAt } : {}),
      });
    const common = (sim: SimInvoice, payer: Payer) => ({
      rrr: sim.rrr,
      amountKobo: sim.amountKobo,
      mdaId: mda.id,
      revenueHeadCode: mda.headCode,
      btin: payer.btin,
      payerName: payer.name,
      payerPhone: payer.phone,
      payerEmail: payer.email,
      channel: 'remita' as const,
      orderId: sim.orderId,
      description: sim.description,
    });

    for (let i = 0; i < PAID_PER_MDA; i += 1) {
      const payer = payerFor(i);
      const paidAt = new Date(now - faker.number.int({ min: 1, max: 90 * 24 * 60 }) * 60_000);
      const sim = invoice(payer, '00', paidAt);
      const row: Row = {
        ...common(sim, payer),
        status: 'paid',
        arrival: 'notification',
        paidAt: new Date(sim.paidAt as string),
        sourceReference: sim.transactionRef,
        createdAt: new Date(sim.paidAt as string),
      };
      rows.push(row);
      if (i === 0 && n < AUTO_REGISTERED_MDAS) autoRegistered.push({ row, payer });
      // EVAS registered the payers of the first two payments of each MDA.
      if (i < 2) {
        simulators.evas.register(sim.rrr, {
          customerId: payer.btin ?? `EVAS-${sim.rrr.slice(-6)}`,
          transactionDate: paidAt,
        });
      }
    }
    for (let i = 0; i < PENDING_PER_MDA + FAILED_PER_MDA; i += 1) {
      const payer = payers[(n + i * 7) % Math.max(payers.length, 1)] ?? payerFor(0);
      const isFailed = i >= PENDING_PER_MDA;
      const sim = invoice(payer, isFailed ? '02' : '025');
      rows.push({
        ...common(sim, payer),
        status: isFailed ? 'failed' : 'pending',
        arrival: 'invoice',
        createdAt: new Date(now - faker.number.int({ min: 1, max: 30 * 24 * 60 }) * 60_000),
      });
    }
    if (n === 0) {
      // One bill whose paymentinit answer was lost and whose looks since have failed (ADR 0020,
      // ADR 0031): "Payments needing attention" has something to show. Its next look is an hour
      // away, so the sweep leaves it there; opening it asks Remita at once, which settles it.
      const payer = payerFor(PAID_PER_MDA - 1);
      rows.push({
        rrr: null,
        amountKobo: amountKobo(),
        mdaId: mda.id,
        revenueHeadCode: mda.headCode,
        btin: payer.btin,
        payerName: payer.name,
        payerPhone: payer.phone,
        payerEmail: payer.email,
        channel: 'remita',
        orderId: `RD${faker.string.alphanumeric({ length: 12, casing: 'upper' })}`,
        description: 'Demo bill awaiting its RRR',
        status: 'pending',
        arrival: 'invoice',
        rrrRequestedAt: new Date(now - 3 * 60 * 60_000),
        rrrConfirmAttempts: 7,
        rrrConfirmNextAt: new Date(now + 60 * 60_000),
        rrrConfirmError: 'Remita could not be reached (the request timed out).',
        createdAt: new Date(now - 3 * 60 * 60_000),
      });
    }
  }

  await db.transaction(async (tx) => {
    for (const { row, payer } of autoRegistered) {
      const registered = await autoRegisterPayer(tx, actor, payer);
      row.btin = registered?.btin ?? null;
    }
    await numberReceipts(
      tx,
      config.receiptPrefix,
      rows.filter((r) => r.status === 'paid'),
    );
    await tx.insert(payments).values(rows);
    await recordAudit(tx, actor, {
      action: 'payment.demo_seeded',
      entityType: 'payment',
      after: {
        mdas: demoMdas.length,
        paid: rows.filter((r) => r.status === 'paid').length,
        pending: rows.filter((r) => r.status === 'pending').length,
        failed: rows.filter((r) => r.status === 'failed').length,
      },
    });
  });
  return rows.length;
}
