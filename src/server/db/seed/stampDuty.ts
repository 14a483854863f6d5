import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../shared/dates';
import { formatNigerianPhone } from '../../../shared/phone';
import { computeStampDuty } from '../../../shared/stampDuty/compute';
import {
  INSTRUMENT_STATUSES,
  INSTRUMENT_TYPE_LABELS,
  INSTRUMENT_TYPES,
  type InstrumentType,
  type PartyRole,
} from '../../../shared/stampDuty/enums';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Simulators } from '../../integrations/simulators';
import { recordAudit } from '../../modules/audit/service';
import { createLedger } from '../../modules/payments/ledger/ledger';
import { createSettlements } from '../../modules/payments/ledger/settlements';
import {
  insertInstrument,
  insertParties,
  nextCertificateSequence,
  updateInstrument,
} from '../../modules/stampDuty/queries';
import { registerStampDutySettlement } from '../../modules/stampDuty/settlement';
import { loadTables } from '../../modules/stampDuty/view';
import type { Db } from '../client';
import { mdaRevenueHeads, mdas, stampInstruments, taxpayers } from '../schema';
import { actorOfUsername } from './queries';

/**
 * Demo stamp duty instruments: every type in every status (docs/tax-rules.md), half executed
 * under the Stamp Duties Act (2025) and half under the Nigeria Tax Act (2026), a third billed
 * more than 30 days after execution (a late-stamping penalty), the charged party a registered
 * taxpayer or a named person in turn. Billed ones have a bill in the ledger and the Remita
 * simulator; paid ones Remita's payment, which the ledger's settlement records.
 */

/** The consideration and term of each type: chargeable under both laws. */
const VALUES: Record<InstrumentType, { kobo: number; term?: number; description: string }> = {
  conveyance: { kobo: 2_500_000_000, description: 'Sale of a two-bedroom bungalow, Amarata' },
  lease: { kobo: 6_000_000_000, term: 5, description: 'Lease of a shop at Swali Market' },
  mortgage: { kobo: 4_000_000_000, description: 'Mortgage of a plot at Kpansia' },
  insurance_policy: { kobo: 200_000_000, description: 'Life policy, 20 years' },
  agreement: { kobo: 500_000_000, description: 'Building contract, Opolo' },
  agreement_under_hand: { kobo: 200_000_000, description: 'Supply agreement under hand' },
  guarantee: { kobo: 100_000_000, description: 'Guarantee of a bank loan' },
  receipt: { kobo: 5_000_000, description: 'Receipt for rent paid' },
};

const ROLES: Record<InstrumentType, [PartyRole, PartyRole]> = {
  conveyance: ['transferor', 'transferee'],
  lease: ['lessor', 'lessee'],
  mortgage: ['mortgagor', 'mortgagee'],
  insurance_policy: ['insurer', 'insured'],
  agreement: ['party', 'party'],
  agreement_under_hand: ['party', 'party'],
  guarantee: ['guarantor', 'party'],
  receipt: ['party', 'party'],
};

const NAMED = [
  ['Tamara Ebiowei', '08031110001'],
  ['Preye Douglas', '08031110002'],
  ['Ebikabowei Sampson', '08031110003'],
  ['Timipre Alagoa', '08031110004'],
  ['Ayibanua Okoro', '08031110005'],
] as const;

/** Past the people the assessment and certificate seeds use. */
const PEOPLE_OFFSET = 600;

export async function seedDemoStampDuty(
  db: Db,
  config: Config,
  simulators: Simulators,
): Promise<{ instruments: number }> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const none = { instruments: 0 };
  const [existing] = await db.select({ n: count() }).from(stampInstruments);
  if ((existing?.n ?? 0) > 0) return none;
  const officer = await actorOfUsername(db, 'officer_stamp_duty');
  const [mda] = await db
    .select({
      id: mdas.id,
      merchantId: mdas.remitaMerchantId,
      serviceTypeIds: mdas.remitaServiceTypeIds,
    })
    .from(mdas)
    .where(and(eq(mdas.code, 'BIRS'), isNotNull(mdas.remitaMerchantId)))
    .limit(1);
  const serviceTypeId = mda?.serviceTypeIds[0];
  if (!officer || !mda?.merchantId || !serviceTypeId) return none;
  const merchantId = mda.merchantId;
  const [head] = await db
    .select({ code: mdaRevenueHeads.code })
    .from(mdaRevenueHeads)
    .where(and(eq(mdaRevenueHeads.mdaId, mda.id), eq(mdaRevenueHeads.isActive, true)))
    .orderBy(asc(mdaRevenueHeads.code))
    .limit(1);
  const people = await db
    .select({ btin: taxpayers.btin, name: taxpayers.displayName, phone: taxpayers.phone })
    .from(taxpayers)
    .where(eq(taxpayers.kind, 'individual'))
    .orderBy(asc(taxpayers.btin))
    .offset(PEOPLE_OFFSET)
    .limit(INSTRUMENT_TYPES.length * INSTRUMENT_STATUSES.length * 2);
  if (people.length < INSTRUMENT_TYPES.length * INSTRUMENT_STATUSES.length) return none;

  const tables = await loadTables(db);
  const today = todayInLagos();
  const noon = (day: string) => {
    const at = new Date(`${day}T12:00:00+01:00`);
    return at.getTime() > Date.now() ? new Date(Date.now() - 3_600_000) : at;
  };

  return simulators.batch(() =>
    db.transaction(async (tx) => {
      const settlements = createSettlements();
      registerStampDutySettlement(settlements);
      const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });
      let n = 0;
      for (const [ti, type] of INSTRUMENT_TYPES.entries()) {
        for (const [si, status] of INSTRUMENT_STATUSES.entries()) {
          const seq = ti * INSTRUMENT_STATUSES.length + si;
          const underOldLaw = seq % 2 === 0;
          const isLate = seq % 3 === 0;
          const executedOn = underOldLaw
            ? addDays('2025-03-03', seq * 5)
            : addDays(addDays(today, -120), seq % 60);
          const billedOn = addDays(executedOn, isLate ? 45 + (seq % 20) : 5 + (seq % 20));
          const value = VALUES[type];
          const stampedOn = status === 'assessed' || status === 'cancelled' ? executedOn : billedOn;
          const result = computeStampDuty(tables, {
            instrumentType: type,
            considerationKobo: value.kobo,
            termYears: value.term ?? null,
            executedOn,
            stampedOn: stampedOn > today ? today : stampedOn,
          });
          const [roleA, roleB] = ROLES[type];
          const person = people[seq] as (typeof people)[number];
          const named = NAMED[seq % NAMED.length] as readonly [string, string];
          // The charged party (second role) is a registered taxpayer every other instrument.
          const registeredPays = seq % 2 === 1;
          const taxpayerParty = { btin: person.btin, name: person.name, phone: person.phone };
          const namedParty = { btin: null, name: named[0], phone: named[1] };
          const partyA = registeredPays ? namedParty : taxpayerParty;
          const partyB = registeredPays ? taxpayerParty : namedParty;
          const row = await insertInstrument(tx, {
            instrumentType: type,
            executedOn,
            considerationKobo: value.kobo,
            termYears: value.term ?? null,
            description: value.description,
            dutyKobo: result.dutyKobo,
            penaltyKobo: result.penaltyKobo,
            law: result.law,
            chargedPartyRole: result.chargedPartyRole,
            ruleId: (result.rule as { id?: string }).id ?? null,
            rule: { ...result.rule, id: (result.rule as { id?: string }).id ?? null },
            exemption: result.exemption,
            createdBy: officer.officerId,
            createdAt: noon(executedOn),
          });
          await insertParties(tx, [
            { instrumentId: row.id, role: roleA, position: 0, ...partyA },
            { instrumentId: row.id, role: roleB, position: 1, ...partyB },
          ]);
          await recordAudit(tx, officer, {
            action: 'stamp_duty.assessed',
            entityType: 'stamp_instrument',
            entityId: row.id,
            after: { status: 'assessed', seeded: true },
          });
          n += 1;
          if (status === 'cancelled') {
            await updateInstrument(tx, row.id, {
              status: 'cancelled',
              cancelReason: 'Parties withdrew before paying (demo)',
              cancelledAt: noon(addDays(executedOn, 3)),
            });
            continue;
          }
          if (status === 'assessed') continue;

          const amountKobo = result.dutyKobo + result.penaltyKobo;
          const paidAt =
            status === 'paid' || status === 'stamped' ? noon(addDays(billedOn, 2)) : undefined;
          const payer = registeredPays ? taxpayerParty : namedParty;
          const sim = simulators.remita.addInvoice({
            merchantId,
            serviceTypeId,
            amountKobo,
            orderId: `RDSD${String(seq).padStart(4, '0')}${Date.now().toString(36).toUpperCase()}`,
            payerName: payer.name,
            payerEmail: 'noreply@revdesk.ng',
            payerPhone: payer.phone ? formatNigerianPhone(payer.phone) : '',
            description: `Stamp duty: ${INSTRUMENT_TYPE_LABELS[type]} executed ${executedOn}`,
            statusCode: paidAt ? '00' : '025',
            ...(paidAt ? { paidAt } : {}),
          });
          await tx.transaction(async (tx) => {
            const bill = await ledger.recordBill(tx, officer, {
              rrr: sim.rrr,
              amountKobo,
              mdaId: mda.id,
              revenueHeadCode: head?.code ?? '12010102',
              btin: payer.btin,
              payerName: payer.name,
              payerPhone: payer.phone,
              payerEmail: null,
              channel: 'remita',
              type: 'stamp-duty',
              subjectKind: 'stamp_duty',
              subjectId: row.id,
              description: sim.description,
              orderId: sim.orderId,
              createdAt: noon(billedOn),
            });
            await updateInstrument(tx, row.id, {
              status: 'billed',
              paymentId: bill.id,
              billedAt: noon(billedOn),
            });
            if (paidAt) {
              await ledger.recordConfirmedPayment(tx, systemActor('remita'), {
                rrr: sim.rrr,
                mdaId: mda.id,
                amountKobo,
                paidAt,
                arrival: 'notification',
                payerName: payer.name,
                sourceReference: sim.transactionRef ?? null,
              });
            }
          });
          if (status !== 'stamped') continue;
          const sequence = await nextCertificateSequence(tx);
          const stampedAt = noon(addDays(billedOn, 3));
          await updateInstrument(tx, row.id, {
            status: 'stamped',
            certificateNumber: `SD-${todayInLagos(stampedAt).slice(0, 4)}-${String(sequence).padStart(7, '0')}`,
            stampedAt,
            stampedBy: officer.officerId,
          });
        }
      }
      return { instruments: n };
    }),
  );
}
