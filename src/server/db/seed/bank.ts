import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Simulators } from '../../integrations/simulators';
import { createBankAccountService } from '../../modules/bank/accounts/service';
import type { Db } from '../client';
import { bankAccounts, payments } from '../schema';
import { seedDemoMdas } from './mdas';

/**
 * Demo collection accounts and their statements (docs/bank.md): the service's general account
 * and the Ministry of Lands' account, made through the accounts service (audited), and in the
 * bank simulator a credit for most paid demo payments of the last 45 days, on the day it was
 * paid, into the account of its MDA (else the general one). Narrations name the RRR or the
 * receipt number as payers write them; every ninth credit is split across two transfers, one
 * is reversed by the bank, and every seventh payment has no credit (the ledger side of the
 * reconciliation). The simulator adds its own noise around them. Skipped once any account
 * exists: the simulator's state (DATA_DIR/simulators.json) keeps the credits across restarts.
 */

export const DEMO_BANK_ACCOUNTS = {
  general: { accountNumber: '1012345678', name: 'BIRS General Collection Account' },
  lands: { accountNumber: '1023456789', name: 'Ministry of Lands and Survey Revenue Account' },
} as const;

/** Payments looked at: the newest, within the window. */
const RECENT_DAYS = 45;
const MAX_CREDITS = 120;

function lagosDay(at: Date): string {
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
}

export async function seedDemoBankAccounts(
  db: Db,
  config: Config,
  simulators: Simulators,
): Promise<number> {
  if (config.env === 'production') {
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  }
  const [any] = await db.select({ id: bankAccounts.id }).from(bankAccounts).limit(1);
  if (any) return 0;
  const mdaIds = await seedDemoMdas(db, config);
  const landsId = mdaIds.get('MLS') ?? null;
  const service = createBankAccountService({ db });
  const actor = systemActor('seed');
  await service.createAccount(actor, {
    bank: 'fidelity',
    mdaId: null,
    ...DEMO_BANK_ACCOUNTS.general,
  });
  await service.createAccount(actor, {
    bank: 'fidelity',
    mdaId: landsId,
    ...DEMO_BANK_ACCOUNTS.lands,
  });

  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const paid = await db
    .select({
      rrr: payments.rrr,
      receiptNumber: payments.receiptNumber,
      amountKobo: payments.amountKobo,
      mdaId: payments.mdaId,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(
      and(eq(payments.status, 'paid'), isNotNull(payments.paidAt), gte(payments.paidAt, since)),
    )
    .orderBy(desc(payments.paidAt))
    .limit(MAX_CREDITS);

  return simulators.batch(async () => {
    const sim = simulators.fidelity;
    sim.registerAccount(DEMO_BANK_ACCOUNTS.general.accountNumber, 8);
    sim.registerAccount(DEMO_BANK_ACCOUNTS.lands.accountNumber, 4);
    let credits = 0;
    paid.forEach((payment, n) => {
      if (!payment.paidAt || n % 7 === 6) return;
      const account =
        landsId && payment.mdaId === landsId
          ? DEMO_BANK_ACCOUNTS.lands
          : DEMO_BANK_ACCOUNTS.general;
      const narration =
        payment.rrr && n % 3 !== 2
          ? n % 2 === 0
            ? `REMITA/RRR ${payment.rrr}/BIRS COLLECTION`
            : `NIP TRF RRR:${payment.rrr.replace(/(\d{4})(?=\d)/g, '$1-')}`
          : `DEP RCPT ${payment.receiptNumber ?? ''}`.trim();
      sim.expectCredit({
        accountNumber: account.accountNumber,
        valueDate: lagosDay(payment.paidAt),
        amountKobo: payment.amountKobo,
        narration,
        isSplit: n % 9 === 4,
        isReversed: n === 10,
      });
      credits += 1;
    });
    return credits;
  });
}
