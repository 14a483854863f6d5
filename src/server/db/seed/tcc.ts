import { and, asc, count, eq, notExists, sql } from 'drizzle-orm';
import { todayInLagos } from '../../../shared/dates';
import type { TccKind, TccPurpose, TccStatus } from '../../../shared/tcc/enums';
import type { TccGenerateInput } from '../../../shared/tcc/input';
import { yearsCovered } from '../../../shared/tcc/input';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import { createDatabaseFileStore } from '../../files/store';
import { createIntegrations } from '../../integrations';
import { registerAssessmentSettlements } from '../../modules/assessments/money/settlement';
import { createSettlements } from '../../modules/payments/ledger/settlements';
import { createTccChainService } from '../../modules/tcc/chain/service';
import { createTccGenerateService } from '../../modules/tcc/generate/service';
import { registerTccSettlement } from '../../modules/tcc/generate/settlement';
import { secretBoxFromConfig } from '../../secrets';
import type { Db } from '../client';
import { assessments, mdas, taxpayers, tccs } from '../schema';
import { actorOfUsername } from './queries';

/**
 * Demo tax clearance certificates: every kind in every status of the chain (docs/architecture.md §5), made
 * through the generate and chain services with a clock set to the day of each step, so numbers,
 * three-year tables, history, audit rows, signed QR payloads and waiting days agree. Direct
 * assessment and presumptive certificates are for the demo taxpayers the assessment seed
 * assessed (their years read from the ledger; flagged years carry a justification); the other
 * kinds are for demo individuals with no assessment. `awaiting_payment` is not seeded: the demo
 * charges no processing fee (tax_settings `tcc.feeKobo.<kind>` is 0).
 */

/** The status each certificate of a kind ends in, in order; the first ones waited longest. */
const PLAN: readonly TccStatus[] = [
  'pending_director_assessment',
  'pending_director_assessment',
  'pending_director_assessment',
  'pending_director_collection',
  'pending_director_collection',
  'pending_chairman',
  'pending_chairman',
  'rejected_director_assessment',
  'rejected_director_collection',
  'rejected_chairman',
  'approved',
  'approved',
  'printed',
  'printed',
  'revoked',
];

const PURPOSES: readonly TccPurpose[] = ['contract', 'loan', 'visa', 'employment', 'land'];

const GENERATORS: Record<TccKind, string> = {
  'direct-assessment': 'officer_da',
  presumptive: 'officer_pa',
  exemption: 'assessment_officer',
  paye: 'officer_payee',
  'mda-employee': 'officer_payee',
};

const DAY = 86_400_000;

export type DemoTccCounts = { certificates: number };

async function btinsAssessed(db: Db, kind: 'direct' | 'presumptive', limit: number) {
  const rows = await db
    .selectDistinct({ btin: assessments.btin })
    .from(assessments)
    .where(eq(assessments.kind, kind))
    .orderBy(asc(assessments.btin))
    .limit(limit);
  return rows.map((r) => r.btin);
}

/** Demo individuals never assessed (imported ones, in BTIN order). */
async function btinsNeverAssessed(db: Db, limit: number) {
  const rows = await db
    .select({ btin: taxpayers.btin })
    .from(taxpayers)
    .where(
      and(
        eq(taxpayers.kind, 'individual'),
        notExists(
          db.select({ one: sql`1` }).from(assessments).where(eq(assessments.btin, taxpayers.btin)),
        ),
      ),
    )
    .orderBy(asc(taxpayers.btin))
    .limit(limit);
  return rows.map((r) => r.btin);
}

async function firstCompanies(db: Db, limit: number) {
  const rows = await db
    .select({ btin: taxpayers.btin })
    .from(taxpayers)
    .where(eq(taxpayers.kind, 'corporate'))
    .orderBy(asc(taxpayers.btin))
    .limit(limit);
  return rows.map((r) => r.btin);
}

/** Pay and PAYE of an employee over the covered years, growing a little each year. */
function enteredYears(years: readonly number[], index: number, withReceipts: boolean) {
  const monthly = 150_000_00 + index * 25_000_00;
  return years.map((year, i) => {
    const incomeKobo = monthly * 12 + i * 120_000_00;
    const taxKobo = Math.round(incomeKobo * 0.07);
    return {
      year,
      incomeKobo,
      taxKobo,
      paidKobo: taxKobo,
      receipts: withReceipts
        ? [
            {
              number: `PAYE/${year}/${String(index + 1).padStart(4, '0')}`,
              date: `${year}-12-31`,
              amountKobo: taxKobo,
            },
          ]
        : [],
    };
  });
}

/**
 * Seeds the demo certificates once: skipped when any certificate exists, or when the officers,
 * the assessed taxpayers, a company or an MDA the plan needs are missing. Answers what it added.
 */
export async function seedDemoTccs(db: Db, config: Config): Promise<DemoTccCounts> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const none = { certificates: 0 };
  const [existing] = await db.select({ n: count() }).from(tccs);
  if ((existing?.n ?? 0) > 0) return none;

  const usernames = [
    ...new Set([
      ...Object.values(GENERATORS),
      'director_assessment',
      'director_collection',
      'tcc_chairman',
      'printing_officer',
    ]),
  ];
  const actors = new Map<string, Actor>();
  for (const username of usernames) {
    const actor = await actorOfUsername(db, username);
    if (!actor) return none;
    actors.set(username, actor);
  }
  const who = (username: string) => actors.get(username) as Actor;

  const n = PLAN.length;
  const direct = await btinsAssessed(db, 'direct', n);
  const presumptive = await btinsAssessed(db, 'presumptive', n);
  const unassessed = await btinsNeverAssessed(db, 3 * n);
  const employers = await firstCompanies(db, 3);
  const [mda] = await db
    .select({ id: mdas.id })
    .from(mdas)
    .where(eq(mdas.isActive, true))
    .orderBy(asc(mdas.name))
    .limit(1);
  if (direct.length < n || presumptive.length < n || unassessed.length < 3 * n) return none;
  if (employers.length === 0 || !mda) return none;
  const holders: Record<TccKind, string[]> = {
    'direct-assessment': direct,
    presumptive,
    exemption: unassessed.slice(0, n),
    paye: unassessed.slice(n, 2 * n),
    'mda-employee': unassessed.slice(2 * n, 3 * n),
  };

  const realNow = new Date();
  const latest = realNow.getTime() - 3_600_000;
  let clock = new Date(latest);
  const now = () => clock;
  /** Noon in Lagos `days` before today, never later than an hour ago. */
  const setDaysAgo = (days: number) => {
    const day = todayInLagos(new Date(realNow.getTime() - days * DAY));
    clock = new Date(Math.min(new Date(`${day}T12:00:00+01:00`).getTime(), latest));
    return clock;
  };
  const years = yearsCovered(todayInLagos(realNow));

  // One transaction: the services' own transactions are savepoints in it.
  return db.transaction(async (tx) => {
    const settlements = createSettlements();
    registerAssessmentSettlements(settlements);
    registerTccSettlement(settlements);
    const generator = createTccGenerateService({
      db: tx,
      config,
      // No fee is charged in the demo, so no bill is raised and Remita is never asked.
      integrations: createIntegrations(config, () => {
        throw new Error('the demo seed asks Remita nothing');
      }),
      secrets: secretBoxFromConfig(config),
      files: createDatabaseFileStore(tx),
      settlements,
    });
    const chain = createTccChainService({ db: tx, config, now });
    let certificates = 0;

    for (const kind of Object.keys(holders) as TccKind[]) {
      for (const [index, status] of PLAN.entries()) {
        const btin = holders[kind][index] as string;
        // The first in the plan waited longest: up to a month, some past the two-week warning.
        let daysAgo = 30 - index * 2;
        setDaysAgo(daysAgo);
        const officer = who(GENERATORS[kind]);
        const common = {
          btin,
          purpose: PURPOSES[index % PURPOSES.length] as TccPurpose,
          sourceOfIncome: kind === 'presumptive' ? 'Trading' : 'Salary',
          justifications: years.map((year) => ({
            year,
            text: `Arrears for ${year} are being paid in instalments agreed with the Director of Collection.`,
          })),
        };
        const input: TccGenerateInput =
          kind === 'exemption'
            ? {
                kind,
                ...common,
                sourceOfIncome: 'None (full-time student)',
                exemptionReason: 'student',
                evidenceNote: 'Student identity card and admission letter seen and copied.',
              }
            : kind === 'paye'
              ? {
                  kind,
                  ...common,
                  employerBtin: employers[index % employers.length] as string,
                  years: enteredYears(years, index, true),
                }
              : kind === 'mda-employee'
                ? {
                    kind,
                    ...common,
                    mdaId: mda.id,
                    staffNumber: `BYS/${String(1000 + index)}`,
                    years: enteredYears(years, index, false),
                  }
                : { kind, ...common };
        const created = await generator.generate(officer, input, { now: clock });
        certificates += 1;

        const step = async (action: (at: Date) => Promise<unknown>) => {
          daysAgo = Math.max(0, daysAgo - 1);
          await action(setDaysAgo(daysAgo));
        };
        const approve = (username: string) =>
          step(() => chain.approve(who(username), created.id, { comment: 'Checked.' }));
        const reject = (username: string, reason: string) =>
          step(() => chain.reject(who(username), created.id, { reason }));

        if (status === 'pending_director_assessment') continue;
        if (status === 'rejected_director_assessment') {
          await reject('director_assessment', 'The 2024 receipts do not match the ledger.');
          continue;
        }
        await approve('director_assessment');
        if (status === 'pending_director_collection') continue;
        if (status === 'rejected_director_collection') {
          await reject('director_collection', 'Arrears must be cleared before clearance.');
          continue;
        }
        await approve('director_collection');
        if (status === 'pending_chairman') continue;
        if (status === 'rejected_chairman') {
          await reject('tcc_chairman', 'Purpose letter from the contracting ministry is missing.');
          continue;
        }
        await approve('tcc_chairman');
        if (status === 'approved') continue;
        await step(() => chain.print(who('printing_officer'), created.id));
        if (status === 'printed') continue;
        await step(() =>
          chain.revoke(who('tcc_chairman'), created.id, 'Issued on a forged employer letter.'),
        );
      }
    }
    return { certificates };
  });
}
