import { count } from 'drizzle-orm';
import { SSC_CATEGORIES, type SscCategory } from '../../../shared/ssc/enums';
import type { SscScheduleEntryInput } from '../../../shared/ssc/views';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { createMdaService } from '../../modules/mdas/service';
import { createSettlements } from '../../modules/payments/ledger/settlements';
import { createSscService } from '../../modules/ssc/service';
import { secretBoxFromConfig } from '../../secrets';
import type { Db } from '../client';
import { sscSchedules } from '../schema';
import { seedDemoMdas } from './mdas';

/**
 * Demo SSC schedules (docs/tax-rules.md "SSC levies"): for the three months before this one,
 * four demo MDAs send a schedule of each category, entered through the SSC service so each row's
 * levy comes from the (demo) rate table and each schedule is audited. Made-up names and pay,
 * deterministic, so every demo start shows the same lists. Skipped once any schedule exists.
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

export async function seedDemoSscSchedules(db: Db, config: Config, today = new Date()) {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const [existing] = await db.select({ n: count() }).from(sscSchedules);
  if ((existing?.n ?? 0) > 0) return 0;
  const secrets = secretBoxFromConfig(config);
  const actor = systemActor('seed');
  // The demo MDAs are there already in demo mode (payments.ts); added here when they are not.
  await seedDemoMdas(db, config);
  const mdas = (await createMdaService({ db, secrets }).listMdas(actor, {})).items.slice(0, 4);
  const service = createSscService({ db, config, secrets, settlements: createSettlements() });
  let stored = 0;
  for (const [monthIndex, month] of demoSscMonths(today).entries()) {
    for (const [mdaIndex, mda] of mdas.entries()) {
      for (const category of SSC_CATEGORIES) {
        await service.enterSchedule(actor, {
          mdaId: mda.id,
          category,
          month,
          rows: demoRows(category, mdaIndex, monthIndex),
        });
        stored += 1;
      }
    }
  }
  return stored;
}
