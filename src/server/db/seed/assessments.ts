import { type Faker, fakerEN_NG } from '@faker-js/faker';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type {
  AssessmentKind,
  AssessmentView,
  DirectAssessmentInput,
} from '../../../shared/assessments';
import { ASSESSMENT_PAYMENT_TYPES } from '../../../shared/assessments';
import { formatNigerianPhone } from '../../../shared/phone';
import { type Actor, systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { createDatabaseFileStore } from '../../files/store';
import { createIntegrations } from '../../integrations';
import type { Simulators } from '../../integrations/simulators';
import { createBacklogService } from '../../modules/assessments/backlog/backlog';
import { registerAssessmentSettlements } from '../../modules/assessments/money/settlement';
import { createObjectionService } from '../../modules/assessments/objections/service';
import { createAssessmentService } from '../../modules/assessments/service';
import { recordAudit } from '../../modules/audit/service';
import { createLedger } from '../../modules/payments/ledger/ledger';
import { createSettlements } from '../../modules/payments/ledger/settlements';
import { secretBoxFromConfig } from '../../secrets';
import type { Db } from '../client';
import { assessments, mdaRevenueHeads, mdas, taxpayers, tradeCategories } from '../schema';
import { actorOfUsername } from './queries';

/**
 * Demo assessments for the assessment screens and the TCC work: direct assessments of demo
 * individuals and presumptive tax of demo traders over 2023–2026 (PITA to 2025, NTA 2025 from
 * 2026), made through the assessment, objection and backlog services and paid through the
 * ledger's own path (a bill raised, then Remita's notification that it was paid), so figures,
 * notice numbers, receipts, settlements and the audit trail agree. The services are given a
 * clock set to the day each step happened, so notices and receipts carry the year they were
 * issued or paid in and due dates fall where they would have. Deterministic for the faker
 * seed, apart from RRRs (the Remita simulator gives them) and days counted back from today.
 *
 * The mix (by position in BTIN order, so a given BTIN plays the same part every time):
 * - CLEAN individuals and traders: 2023, 2024 and 2025 issued and paid in full, in time.
 * - ARREARS: 2024 and 2025 overdue (some part-paid), with penalty and interest.
 * - BACKLOG: 2023 (and 2024) captured as backlog with paper receipts; 2025 paid here.
 * - OBJECTIONS: 2025 objected to — open, refused, partly upheld (with a revision), upheld.
 * - DRAFTS: 2026 drafts not yet issued; a couple cancelled.
 * - the rest: one or two years among 2024–2026, paid, part-paid, due or overdue.
 */

export const DEMO_ASSESSED_INDIVIDUALS = 92;
export const DEMO_ASSESSED_TRADERS = 32;
/** Individuals (and traders) with three clean paid years, 2023–2025. */
export const DEMO_CLEAN = { direct: 30, presumptive: 8 } as const;
/** Individuals (and traders) in arrears on 2024 and 2025. */
export const DEMO_ARREARS = { direct: 30, presumptive: 8 } as const;

/** Individuals from the 201st in BTIN order are assessed directly; the traders come after them. */
const INDIVIDUAL_OFFSET = 200;

type Roles = { direct: Actor; presumptive: Actor; director: Actor };
type Category = typeof tradeCategories.$inferSelect;
type Person = { btin: string; name: string; phone: string | null; email: string | null };
type Billing = { mdaId: string; merchantId: string; serviceTypeId: string; headCode: string };

const DAY = 86_400_000;

async function countAssessments(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assessments);
  return row?.n ?? 0;
}

/** BIRS, its Remita credentials and the direct-assessment revenue head: where the tax is paid. */
async function selectBilling(db: Db): Promise<Billing | null> {
  const [row] = await db
    .select({
      mdaId: mdas.id,
      merchantId: mdas.remitaMerchantId,
      serviceTypeIds: mdas.remitaServiceTypeIds,
    })
    .from(mdas)
    .where(and(eq(mdas.code, 'BIRS'), isNotNull(mdas.remitaMerchantId)))
    .limit(1);
  const serviceTypeId = row?.serviceTypeIds[0];
  if (!row?.merchantId || !serviceTypeId) return null;
  const [head] = await db
    .select({ code: mdaRevenueHeads.code })
    .from(mdaRevenueHeads)
    .where(and(eq(mdaRevenueHeads.mdaId, row.mdaId), eq(mdaRevenueHeads.isActive, true)))
    .orderBy(asc(mdaRevenueHeads.code));
  return {
    mdaId: row.mdaId,
    merchantId: row.merchantId,
    serviceTypeId,
    headCode: head?.code ?? '12010102',
  };
}

async function selectPeople(db: Db): Promise<Person[]> {
  return db
    .select({
      btin: taxpayers.btin,
      name: taxpayers.displayName,
      phone: taxpayers.phone,
      email: taxpayers.email,
    })
    .from(taxpayers)
    .where(and(eq(taxpayers.kind, 'individual'), eq(taxpayers.source, 'import')))
    .orderBy(asc(taxpayers.btin))
    .offset(INDIVIDUAL_OFFSET)
    .limit(DEMO_ASSESSED_INDIVIDUALS + DEMO_ASSESSED_TRADERS);
}

/** Lagos noon of a day, never later than an hour ago (a demo step cannot be in the future). */
function lagosNoon(day: string, latest: Date): Date {
  const at = new Date(`${day}T12:00:00+01:00`);
  return at.getTime() > latest.getTime() ? latest : at;
}

function dayOf(date: Date): string {
  return new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);
}

function directInput(faker: Faker, btin: string, taxYear: number): DirectAssessmentInput {
  const employment = faker.number.int({ min: 18, max: 180 }) * 100_000_00;
  const incomes: DirectAssessmentInput['incomes'] = [
    { source: faker.datatype.boolean(0.7) ? 'employment' : 'trade', amountKobo: employment },
  ];
  if (faker.datatype.boolean(0.3)) {
    incomes.push({
      source: 'rent',
      amountKobo: faker.number.int({ min: 6, max: 40 }) * 100_000_00,
    });
  }
  return {
    btin,
    taxYear,
    incomes,
    deductions: {
      pensionKobo: Math.round(employment * 0.08),
      ...(faker.datatype.boolean(0.4) ? { nhfKobo: Math.round(employment * 0.025) } : {}),
    },
    evidenceNote: faker.helpers.arrayElement([
      `Payslips and employer's letter for ${taxYear} seen`,
      `Bank statements for ${taxYear} and a signed return`,
      `Self-assessment return for ${taxYear}, with rent receipts`,
      `Audited accounts for ${taxYear} of the sole proprietorship`,
    ]),
  } as DirectAssessmentInput;
}

const LOCATIONS = [
  'Swali Market, Yenagoa',
  'Kpansia Market',
  'Opolo Market',
  'Tombia Junction',
  'Amarata, Yenagoa',
  'Ekeki Park',
  'Nembe Waterside',
  'Ogbia Town',
  'Kaiama Road',
  'Brass Jetty',
];

export type DemoAssessmentCounts = {
  assessments: number;
  payments: number;
  objections: number;
};

/**
 * Seeds the demo assessments once: skipped when any assessment exists (an earlier run, or an
 * officer's own), or when the demo officers, BIRS's Remita credentials or the trade categories
 * are missing. Answers what it added.
 */
export async function seedDemoAssessments(
  db: Db,
  config: Config,
  simulators: Simulators,
): Promise<DemoAssessmentCounts> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const none = { assessments: 0, payments: 0, objections: 0 };
  if ((await countAssessments(db)) > 0) return none;
  const [da, pa, director] = await Promise.all([
    actorOfUsername(db, 'officer_da'),
    actorOfUsername(db, 'officer_pa'),
    actorOfUsername(db, 'director_assessment'),
  ]);
  const billingOrNull = await selectBilling(db);
  const categories = await db
    .select()
    .from(tradeCategories)
    .where(eq(tradeCategories.isActive, true))
    .orderBy(asc(tradeCategories.name));
  const people = await selectPeople(db);
  if (!da || !pa || !director || !billingOrNull || categories.length === 0) return none;
  const billing: Billing = billingOrNull;
  if (people.length < DEMO_ASSESSED_INDIVIDUALS + DEMO_ASSESSED_TRADERS) return none;
  const roles: Roles = { direct: da, presumptive: pa, director };

  const faker = fakerEN_NG;
  faker.seed(2311);
  const realNow = new Date();
  const latest = new Date(realNow.getTime() - 3_600_000);
  const thisYear = Number(dayOf(realNow).slice(0, 4));
  let clock = latest;
  const now = () => clock;
  const setDay = (day: string) => {
    clock = lagosNoon(day, latest);
    return clock;
  };
  const daysAgo = (days: number) => dayOf(new Date(realNow.getTime() - days * DAY));
  const plusDays = (day: string, days: number) =>
    dayOf(new Date(new Date(`${day}T12:00:00+01:00`).getTime() + days * DAY));

  // One transaction: the services' own transactions are savepoints in it, so the whole demo
  // set commits once (fast on PGlite) or not at all.
  return simulators.batch(() =>
    db.transaction(async (tx) => {
      const settlements = createSettlements();
      registerAssessmentSettlements(settlements);
      const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });
      const service = createAssessmentService({ db: tx, config, now });
      const objectionService = createObjectionService({ db: tx, config, now });
      const backlog = createBacklogService({
        db: tx,
        config,
        // Backlog receipts here are paper receipts (no RRR), so Remita is never asked.
        integrations: createIntegrations(config, () => {
          throw new Error('the demo seed asks Remita nothing');
        }),
        secrets: secretBoxFromConfig(config),
        files: createDatabaseFileStore(tx),
        settlements,
      });
      const counts = { assessments: 0, payments: 0, objections: 0 };

      /** Drafted on `day` and issued up to three days later, unless `issue: false`. */
      async function assess(
        kind: AssessmentKind,
        person: Person,
        taxYear: number,
        day: string,
        options: { issue?: boolean; category?: Category } = {},
      ): Promise<AssessmentView> {
        setDay(day);
        const actor = roles[kind];
        const draft =
          kind === 'direct'
            ? await service.createDirectDraft(actor, directInput(faker, person.btin, taxYear))
            : await service.createPresumptiveDraft(
                actor,
                presumptiveInput(person, taxYear, options),
              );
        counts.assessments += 1;
        if (options.issue === false) return draft;
        setDay(plusDays(day, faker.number.int({ min: 0, max: 3 })));
        return service.issue(actor, draft.id);
      }

      function presumptiveInput(person: Person, taxYear: number, options: { category?: Category }) {
        const category = options.category ?? faker.helpers.arrayElement(categories);
        const turnoverBased = category.rule === 'percent_of_turnover';
        return {
          btin: person.btin,
          taxYear,
          tradeCategoryId: category.id,
          ...(turnoverBased
            ? { estimatedTurnoverKobo: faker.number.int({ min: 13, max: 60 }) * 1_000_000_00 }
            : {
                size: faker.helpers.weightedArrayElement([
                  { weight: 5, value: 'small' as const },
                  { weight: 3, value: 'medium' as const },
                  { weight: 1, value: 'large' as const },
                ]),
              }),
          tradeLocation: faker.helpers.arrayElement(LOCATIONS),
          evidenceNote: `Visited the place of trade in ${taxYear}; stall and stock seen`,
        };
      }

      /**
       * The ledger's paid path: a bill raised here for the assessment (in the Remita simulator and
       * the ledger), then Remita's notification that it was paid on `paidDay`. The ledger's
       * settlement brings the assessment's paid amount and status up to date.
       */
      async function pay(
        assessment: AssessmentView,
        person: Person,
        amountKobo: number,
        paidDay?: string,
      ) {
        const billedAt = clock;
        const paidAt = paidDay ? lagosNoon(paidDay, latest) : undefined;
        const sim = simulators.remita.addInvoice({
          merchantId: billing.merchantId,
          serviceTypeId: billing.serviceTypeId,
          amountKobo,
          orderId: `RD${faker.string.alphanumeric({ length: 12, casing: 'upper' })}`,
          payerName: person.name,
          payerEmail: person.email ?? 'noreply@revdesk.ng',
          payerPhone: person.phone ? formatNigerianPhone(person.phone) : '',
          description:
            `${assessment.kind === 'direct' ? 'Direct assessment' : 'Presumptive tax'} ${assessment.taxYear} ${assessment.noticeNumber ?? ''}`.trim(),
          statusCode: paidAt ? '00' : '025',
          ...(paidAt ? { paidAt } : {}),
        });
        await tx.transaction(async (tx) => {
          await ledger.recordBill(tx, roles[assessment.kind], {
            rrr: sim.rrr,
            amountKobo,
            mdaId: billing.mdaId,
            revenueHeadCode: billing.headCode,
            btin: person.btin,
            payerName: person.name,
            payerPhone: person.phone,
            payerEmail: person.email,
            channel: 'remita',
            type: ASSESSMENT_PAYMENT_TYPES[assessment.kind],
            subjectKind: 'assessment',
            subjectId: assessment.id,
            description: sim.description,
            orderId: sim.orderId,
            createdAt: billedAt,
          });
          if (paidAt) {
            await ledger.recordConfirmedPayment(tx, systemActor('remita'), {
              rrr: sim.rrr,
              mdaId: billing.mdaId,
              amountKobo,
              paidAt,
              arrival: 'notification',
              payerName: person.name,
              sourceReference: sim.transactionRef ?? null,
            });
          }
        });
        counts.payments += 1;
      }

      /** Issued for `taxYear` in the year after it (this year's own: a few weeks back). */
      function issueDayOf(taxYear: number): string {
        if (taxYear >= thisYear) return daysAgo(faker.number.int({ min: 12, max: 25 }));
        return `${taxYear + 1}-0${faker.number.int({ min: 2, max: 6 })}-${String(faker.number.int({ min: 1, max: 28 })).padStart(2, '0')}`;
      }

      async function paidYear(
        kind: AssessmentKind,
        person: Person,
        taxYear: number,
        category?: Category,
      ) {
        const issued = await assess(kind, person, taxYear, issueDayOf(taxYear), { category });
        const paidDay = plusDays(dayOf(clock), faker.number.int({ min: 3, max: 25 }));
        await pay(issued, person, issued.taxKobo, paidDay);
      }

      async function overdueYear(
        kind: AssessmentKind,
        person: Person,
        taxYear: number,
        partly: boolean,
        category?: Category,
      ) {
        const day =
          taxYear >= thisYear
            ? daysAgo(faker.number.int({ min: 45, max: 120 }))
            : issueDayOf(taxYear);
        const issued = await assess(kind, person, taxYear, day, { category });
        if (partly) {
          const part =
            Math.round((issued.taxKobo * faker.number.int({ min: 20, max: 60 })) / 100 / 100) * 100;
          if (part > 0)
            await pay(
              issued,
              person,
              part,
              plusDays(dayOf(clock), faker.number.int({ min: 5, max: 40 })),
            );
        }
      }

      async function backlogYear(kind: AssessmentKind, person: Person, taxYear: number, n: number) {
        const actor = roles[kind];
        const taxKobo = faker.number.int({ min: 40, max: 400 }) * 1_000_00;
        const paidOn = `${taxYear + 1}-0${faker.number.int({ min: 3, max: 9 })}-1${faker.number.int({ min: 0, max: 8 })}`;
        setDay(daysAgo(faker.number.int({ min: 30, max: 200 })));
        await backlog.captureBacklog(actor, {
          kind,
          btin: person.btin,
          taxYear,
          grossIncomeKobo: taxKobo * 12,
          chargeableIncomeKobo: taxKobo * 9,
          taxKobo,
          ...(kind === 'presumptive'
            ? { tradeCategoryId: faker.helpers.arrayElement(categories).id }
            : {}),
          evidenceNote: `Paper receipt from the ${taxYear + 1} ledger book, seen and photocopied`,
          receipts: [
            {
              mdaId: billing.mdaId,
              receiptNumber: `OLD/${taxYear + 1}/${String(n).padStart(5, '0')}${kind === 'direct' ? 'D' : 'P'}`,
              amountKobo: taxKobo,
              paidOn,
            },
          ],
        } as Parameters<typeof backlog.captureBacklog>[1]);
        counts.assessments += 1;
        counts.payments += 1;
      }

      const individuals = people.slice(0, DEMO_ASSESSED_INDIVIDUALS);
      const traders = people.slice(DEMO_ASSESSED_INDIVIDUALS);
      const started = Date.now();

      // Direct assessments of individuals.
      for (const [i, person] of individuals.entries()) {
        if (i < DEMO_CLEAN.direct) {
          for (const year of [2023, 2024, 2025]) await paidYear('direct', person, year);
          if (i % 4 === 0) await assess('direct', person, 2026, issueDayOf(2026));
        } else if (i < DEMO_CLEAN.direct + DEMO_ARREARS.direct) {
          await overdueYear('direct', person, 2024, i % 3 === 0);
          await overdueYear('direct', person, 2025, i % 2 === 0);
        } else if (i < 65) {
          await backlogYear('direct', person, 2023, i);
          if (i % 2 === 0) await backlogYear('direct', person, 2024, i);
          else await paidYear('direct', person, 2024);
          await paidYear('direct', person, 2025);
        } else if (i < 75) {
          const issued = await assess('direct', person, 2025, daysAgo(40 + (i % 5) * 5));
          const filedAt = setDay(plusDays(dayOf(clock), 10 + (i % 7)));
          const objection = await objectionService.fileObjection(roles.direct, issued.id, {
            grounds: faker.helpers.arrayElement([
              'Rent income was counted twice: the flat at Amarata was sold in March.',
              'The employment income includes a refund of expenses, not pay.',
              'My pension contributions for the year were left out of the computation.',
              'The trade income is gross receipts; the cost of goods was not deducted.',
            ]),
            disputedKobo: Math.round(issued.taxKobo / 3 / 100) * 100,
          });
          counts.objections += 1;
          const decide = (outcome: 'upheld' | 'partly_upheld' | 'refused', reasons: string) => {
            setDay(plusDays(dayOf(filedAt), 14));
            return objectionService.decide(roles.director, objection.id, {
              outcome,
              reasons,
              ...(outcome === 'refused'
                ? {}
                : {
                    revised: {
                      taxKobo:
                        outcome === 'upheld'
                          ? Math.round((issued.taxKobo * 0.6) / 100) * 100
                          : Math.round((issued.taxKobo * 0.85) / 100) * 100,
                    },
                  }),
            });
          };
          if (i === 65)
            await decide('partly_upheld', 'The rent counted twice is removed; the rest stands.');
          else if (i === 66)
            await decide('upheld', 'The refund of expenses is not income; revised accordingly.');
          else if (i === 67 || i === 68)
            await decide(
              'refused',
              'The returns and bank statements support the assessment as issued.',
            );
          // The others stay open, waiting for the director.
        } else if (i < 83) {
          await assess('direct', person, thisYear, daysAgo(i % 9), { issue: false });
          if (i % 4 === 0)
            await assess('direct', person, thisYear - 1, daysAgo(3), { issue: false });
        } else {
          if (i === 90 || i === 91) {
            // Cancelled before anything was paid: it no longer stands, so the year can be assessed again.
            const wrong = await assess('direct', person, thisYear, daysAgo(30));
            setDay(daysAgo(28));
            await service.cancel(
              roles.direct,
              wrong.id,
              'Issued to the wrong taxpayer: the BTIN was mistyped',
            );
          }
          const years = faker.helpers.arrayElement([
            [2024],
            [2025],
            [2026],
            [2024, 2025],
            [2025, 2026],
          ]);
          for (const year of years) {
            const fate = faker.helpers.weightedArrayElement([
              { weight: 4, value: 'paid' },
              { weight: 2, value: 'part' },
              { weight: 2, value: 'overdue' },
              { weight: 2, value: 'due' },
              { weight: 1, value: 'billed' },
            ] as const);
            if (fate === 'paid') await paidYear('direct', person, year);
            else if (fate === 'part') await overdueYear('direct', person, year, true);
            else if (fate === 'overdue') await overdueYear('direct', person, year, false);
            else {
              // Issued ten days ago: still within its 30 days (a late assessment, for past years).
              const issued = await assess('direct', person, year, daysAgo(10));
              if (fate === 'billed') await pay(issued, person, issued.taxKobo);
            }
          }
        }
      }

      // Presumptive tax of traders, by the demo trade categories.
      for (const [t, person] of traders.entries()) {
        const category = categories[t % categories.length];
        if (t < DEMO_CLEAN.presumptive) {
          for (const year of [2023, 2024, 2025])
            await paidYear('presumptive', person, year, category);
        } else if (t < DEMO_CLEAN.presumptive + DEMO_ARREARS.presumptive) {
          await overdueYear('presumptive', person, 2024, t % 2 === 0, category);
          await overdueYear('presumptive', person, 2025, t % 3 === 0, category);
        } else if (t < 19) {
          await backlogYear('presumptive', person, 2023, t);
          await paidYear('presumptive', person, 2024, category);
        } else if (t < 22) {
          await assess('presumptive', person, thisYear, daysAgo(t % 5), { issue: false, category });
        } else {
          const years = faker.helpers.arrayElement([[2025], [2026], [2025, 2026]]);
          for (const year of years) {
            const fate = faker.helpers.arrayElement(['paid', 'part', 'overdue', 'due'] as const);
            if (fate === 'paid') await paidYear('presumptive', person, year, category);
            else if (fate === 'due')
              await assess('presumptive', person, year, daysAgo(10), { category });
            else await overdueYear('presumptive', person, year, fate === 'part', category);
          }
        }
      }

      await recordAudit(tx, systemActor('seed'), {
        action: 'assessment.demo_seeded',
        entityType: 'assessment',
        after: { ...counts, ms: Date.now() - started },
      });
      return counts;
    }),
  );
}
