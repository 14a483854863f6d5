import type { Config } from '../../config';
import type { Simulators } from '../../integrations/simulators';
import type { Db } from '../client';
import { seedDemoAssessments } from './assessments';
import { seedDemoBankAccounts } from './bank';
import { seedDemoBudgets } from './budgets';
import { seedDemoDemandNotices } from './demandNotices';
import { type DemoSignIn, seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoPaperwork } from './paperwork';
import { seedDemoPayments } from './payments';
import { seedDemoPos } from './pos';
import { seedDemoSscSchedules } from './ssc';
import { seedDemoStampDuty } from './stampDuty';
import { seedDemoTccs } from './tcc';
import { seedDemoTradeCategories } from './tradeCategories';

/**
 * Everything demo mode adds, in the order each part needs the one before (docs/architecture.md §7).
 * Each part is idempotent, so a restart seeds nothing twice. Without simulators there are no
 * RRRs to pay, so payments, assessments and certificates are left out.
 */
export async function seedAllDemoData(
  db: Db,
  config: Config,
  simulators: Simulators | undefined,
): Promise<DemoSignIn[]> {
  const signIns = await seedDemo(db, config);
  // After the officers: the chairman's signature is theirs.
  await seedDemoPaperwork(db, config);
  await seedDemoTaxpayers(db, config);
  await seedDemoTradeCategories(db, config);
  if (simulators) {
    await seedDemoPayments(db, config, simulators);
    // After the payments: their seed is skipped once the ledger holds any payment.
    await seedDemoAssessments(db, config, simulators);
    // After the assessments: direct-assessment and presumptive certificates read their years.
    await seedDemoTccs(db, config);
    // Three months of SSC schedules of the demo MDAs, the older ones billed or paid to BIRS
    // (docs/tax-rules.md "SSC levies").
    await seedDemoSscSchedules(db, config, simulators);
    // After the payments (their seed is skipped once the ledger holds any): MDA demand notices
    // in every status, with their bills.
    await seedDemoDemandNotices(db, config, simulators);
    await seedDemoStampDuty(db, config, simulators);
    // A month of POS collections over thirty terminals, with the provider simulator's days.
    await seedDemoPos(db, config, simulators);
    // After every part that records payments: the bank's statements carry their credits.
    await seedDemoBankAccounts(db, config, simulators);
  }
  // Last: sized against the demo collections, when there are any (docs/budgets.md).
  await seedDemoBudgets(db, config);
  return signIns;
}
