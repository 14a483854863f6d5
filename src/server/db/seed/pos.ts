import { randomUUID } from 'node:crypto';
import { fakerEN_NG } from '@faker-js/faker';
import { asc, count, eq, sql } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../shared/dates';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { ProviderTransaction } from '../../integrations/benjis/protocol';
import { type SimPosTerminal, simulatedDayOf } from '../../integrations/benjis/simulatorState';
import type { Simulators } from '../../integrations/simulators';
import { recordAudit } from '../../modules/audit/service';
import { posSourceReference } from '../../modules/pos/recording';
import type { Db } from '../client';
import {
  mdaRevenueHeads,
  mdas,
  payments,
  posAgents,
  posTerminalAssignments,
  posTerminals,
  posTransactions,
} from '../schema';
import { numberReceipts } from './payments';

/**
 * Demo POS collections (docs/pos.md "Demo"): twenty agents and thirty terminals over the first
 * few MDAs with revenue heads, and a month of their transactions as the provider simulator
 * generates them (simulatedDayOf), so a pull of a seeded day finds them in RevDesk already.
 * Recorded by the rule recording.ts applies, written in bulk (a month is thousands of rows):
 * approved → a `pos` payment with its receipt number and source reference; declined → kept;
 * reversed → the payment reversed; a deactivated terminal's and an unknown terminal's → held.
 * Gaps: three terminals send nothing today, and yesterday's transactions of two terminals are
 * left out, for the pull to catch up. Idempotent: skipped once any terminal exists.
 */

const DAYS = 30;
const MDAS_USED = 4;
const AGENTS = 20;
const TERMINALS = 30;
/** Terminals (by index) deactivated: what they send is held for review. */
const DEACTIVATED = [28, 29];
/** Terminals that sent nothing today: the dashboard's "silent today". */
const SILENT_TODAY = [3, 11, 19];
/** Terminals whose yesterday the pushes "missed": only the pull brings it. */
const MISSED_YESTERDAY = [5, 14];
/** A terminal the provider knows and RevDesk does not: its transactions are held. */
export const DEMO_UNKNOWN_TERMINAL = '2BUNKN01';

type PaymentRow = typeof payments.$inferInsert;
type TransactionRow = typeof posTransactions.$inferInsert;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += 500) await insert(rows.slice(at, at + 500));
}

export async function seedDemoPos(db: Db, config: Config, simulators: Simulators): Promise<number> {
  if (config.env === 'production') {
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  }
  const [existing] = await db.select({ n: count() }).from(posTerminals);
  if ((existing?.n ?? 0) > 0) return 0;
  const startedAt = performance.now();
  const demoMdas = await db
    .select({
      id: mdas.id,
      headCode: sql<string>`(select h.code from ${mdaRevenueHeads} h where h.mda_id = ${mdas.id} and h.is_active order by h.code limit 1)`,
    })
    .from(mdas)
    .where(
      sql`${mdas.isActive} and exists (select 1 from ${mdaRevenueHeads} h where h.mda_id = ${mdas.id} and h.is_active)`,
    )
    .orderBy(asc(mdas.code))
    .limit(MDAS_USED);
  if (demoMdas.length === 0) return 0;
  const faker = fakerEN_NG;
  faker.seed(3303);
  const actor = systemActor('seed');

  const agents = Array.from({ length: AGENTS }, (_, n) => ({
    id: randomUUID(),
    name: `${faker.person.firstName()} ${faker.person.lastName()}`,
    phone: `+23480${String(31_000_000 + n * 7919).padStart(8, '0')}`,
    mdaId: (demoMdas[n % demoMdas.length] as (typeof demoMdas)[number]).id,
    lga: faker.helpers.arrayElement([
      'Yenagoa',
      'Ogbia',
      'Sagbama',
      'Brass',
      'Nembe',
      'Kolokuma/Opokuma',
    ]),
  }));
  const terminals = Array.from({ length: TERMINALS }, (_, n) => {
    const agent = agents[n % AGENTS] as (typeof agents)[number];
    const mda = demoMdas.find((m) => m.id === agent.mdaId) as (typeof demoMdas)[number];
    return {
      id: randomUUID(),
      provider: 'benjis' as const,
      terminalId: `2B${String(n + 1).padStart(6, '0')}`,
      serialNumber: `BNJ-SN-${String(40_100 + n)}`,
      agentId: agent.id,
      mdaId: mda.id,
      revenueHeadCode: mda.headCode,
      isActive: !DEACTIVATED.includes(n),
    };
  });

  const today = todayInLagos();
  const yesterday = addDays(today, -1);
  const simTerminals: SimPosTerminal[] = [
    ...terminals.map((t, n) => ({
      terminalId: t.terminalId,
      revenueHeadCode: n % 3 === 0 ? t.revenueHeadCode : null,
      typicalKobo: [20_000, 50_000, 100_000, 150_000][n % 4] as number,
      ...(SILENT_TODAY.includes(n) ? { silentDays: [today] } : {}),
    })),
    { terminalId: DEMO_UNKNOWN_TERMINAL, typicalKobo: 30_000, silentDays: [] },
  ];

  const now = Date.now();
  const paymentRows: PaymentRow[] = [];
  const transactionRows: TransactionRow[] = [];
  const byName = new Map<string, TransactionRow>();
  const terminalOf = new Map(terminals.map((t, n) => [t.terminalId, { ...t, n }]));
  for (let back = DAYS; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    for (const sim of simTerminals) {
      const terminal = terminalOf.get(sim.terminalId);
      // The unknown terminal started a few days ago.
      if (!terminal && back > 3) continue;
      if (terminal && day === yesterday && MISSED_YESTERDAY.includes(terminal.n)) continue;
      for (const item of simulatedDayOf(sim, day)) {
        if (Date.parse(item.transactedAt) > now) continue;
        recordSeeded(item, day, terminal);
      }
    }
  }

  function recordSeeded(
    item: ProviderTransaction,
    day: string,
    terminal: (typeof terminals)[number] | undefined,
  ) {
    const name = `${item.terminalId}/${item.stan}/${day}`;
    const base: TransactionRow = {
      provider: 'benjis',
      terminalId: item.terminalId,
      stan: item.stan,
      rrn: item.rrn,
      amountKobo: item.amountKobo,
      transactedAt: new Date(item.transactedAt),
      status: item.status,
      state: 'declined',
      arrival: 'push',
      revenueHeadCode: item.revenueHeadCode ?? terminal?.revenueHeadCode ?? null,
      payerName: item.payerName ?? null,
      payerPhone: item.payerPhone ?? null,
      agentId: terminal?.agentId ?? null,
      mdaId: terminal?.mdaId ?? null,
    };
    if (item.status === 'reversed') {
      // simulatedDayOf re-sends a reversal under the original's name (docs/pos.md "Reversals").
      const original = byName.get(name);
      if (!original) return;
      if (original.state === 'held') {
        original.state = 'rejected';
        original.reviewNote = 'Reversed by the POS provider while held for review.';
        return;
      }
      const payment = paymentRows.find((p) => p.id === original.paymentId);
      if (original.state !== 'recorded' || !payment) return;
      original.state = 'reversed';
      payment.status = 'reversed';
      payment.statusReason = `Reversed by the POS provider (STAN ${item.stan}, RRN ${item.rrn}, push).`;
      payment.statusChangedAt = new Date(item.transactedAt);
      return;
    }
    if (item.status === 'declined') {
      const row = { ...base, state: 'declined' as const };
      byName.set(name, row);
      transactionRows.push(row);
      return;
    }
    if (!terminal?.isActive) {
      const row = {
        ...base,
        state: 'held' as const,
        reviewNote: terminal
          ? `Terminal ${item.terminalId} is deactivated: held until an officer assigns it.`
          : `Terminal ${item.terminalId} is not registered in RevDesk: held until an officer assigns it.`,
      };
      byName.set(name, row);
      transactionRows.push(row);
      return;
    }
    const paymentId = randomUUID();
    const revenueHeadCode = terminal.revenueHeadCode;
    paymentRows.push({
      id: paymentId,
      amountKobo: item.amountKobo,
      mdaId: terminal.mdaId,
      revenueHeadCode,
      payerName: item.payerName ?? null,
      payerPhone: item.payerPhone ?? null,
      channel: 'pos',
      status: 'paid',
      sourceReference: posSourceReference('benjis', item.terminalId, item.stan, day),
      description: `POS terminal ${item.terminalId}, STAN ${item.stan}, RRN ${item.rrn}`,
      arrival: 'push',
      paidAt: new Date(item.transactedAt),
    });
    const row = { ...base, state: 'recorded' as const, revenueHeadCode, paymentId };
    byName.set(name, row);
    transactionRows.push(row);
  }

  await simulators.batch(async () => {
    simulators.benjis.addTerminals(simTerminals);
  });
  await db.transaction(async (tx) => {
    await tx.insert(posAgents).values(agents);
    await tx.insert(posTerminals).values(terminals);
    await tx.insert(posTerminalAssignments).values(
      terminals.map((t) => ({
        terminalId: t.id,
        agentId: t.agentId,
        mdaId: t.mdaId,
        revenueHeadCode: t.revenueHeadCode,
        isActive: true,
        reason: 'Registered (demo)',
        changedAt: new Date(now - (DAYS + 5) * 86_400_000),
      })),
    );
    await tx.insert(posTerminalAssignments).values(
      terminals
        .filter((t) => !t.isActive)
        .map((t) => ({
          terminalId: t.id,
          agentId: t.agentId,
          mdaId: t.mdaId,
          revenueHeadCode: t.revenueHeadCode,
          isActive: false,
          reason: 'Reported missing by the agent (demo)',
          changedAt: new Date(now - (DAYS + 1) * 86_400_000),
        })),
    );
    // Numbered in the order paid, from the year's counter, as the ledger would have.
    await numberReceipts(tx, config.receiptPrefix, paymentRows);
    await insertInChunks(paymentRows, (chunk) => tx.insert(payments).values(chunk));
    await insertInChunks(transactionRows, (chunk) => tx.insert(posTransactions).values(chunk));
    await recordAudit(tx, actor, {
      action: 'pos.demo_seeded',
      entityType: 'pos_transaction',
      after: {
        agents: agents.length,
        terminals: terminals.length,
        transactions: transactionRows.length,
        payments: paymentRows.length,
        milliseconds: Math.round(performance.now() - startedAt),
      },
    });
  });
  return transactionRows.length;
}

/** For the demo seed's test: the seeded payments of a terminal. */
export async function countSeededPosPayments(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.channel, 'pos'));
  return row?.n ?? 0;
}
