import type { StampDutyResult, StampDutyTables } from '../../../shared/stampDuty/compute';
import type { StampDutyRule } from '../../../shared/stampDuty/rules';
import type {
  StampDutyComputation,
  StampDutyRuleView,
  StampInstrumentDetail,
  StampInstrumentView,
  StampPartyView,
} from '../../../shared/stampDuty/schemas';
import type { Db } from '../../db/client';
import type { StoredStampRule } from '../../db/schema';
import {
  type PaymentFacts,
  type StampDutyRuleRow,
  type StampInstrumentRow,
  type StampPartyRow,
  selectOfficerNames,
  selectParties,
  selectPaymentFacts,
  selectRuleTables,
} from './queries';
import { scanContentTypeOf } from './scan';

/** Rows of the database as the views and the computation read them. */

export function ruleOf(row: StampDutyRuleRow): StoredStampRule {
  return {
    id: row.id,
    instrumentType: row.instrumentType,
    name: row.name,
    law: row.law,
    kind: row.kind,
    ratePpm: row.ratePpm,
    flatKobo: row.flatKobo,
    leaseTiers: row.leaseTiers,
    exemptionKind: row.exemptionKind,
    exemptionThresholdKobo: row.exemptionThresholdKobo,
    chargedPartyRole: row.chargedPartyRole,
    validFrom: row.validFrom,
    validTo: row.validTo,
    toConfirm: row.toConfirm,
    source: row.source,
  };
}

export function ruleView(rule: StampDutyRule & { id?: string | null }): StampDutyRuleView {
  return {
    id: rule.id ?? null,
    instrumentType: rule.instrumentType,
    name: rule.name,
    law: rule.law,
    kind: rule.kind,
    ratePpm: rule.ratePpm,
    flatKobo: rule.flatKobo,
    leaseTiers: rule.leaseTiers,
    exemptionKind: rule.exemptionKind,
    exemptionThresholdKobo: rule.exemptionThresholdKobo,
    chargedPartyRole: rule.chargedPartyRole,
    validFrom: rule.validFrom,
    validTo: rule.validTo,
    toConfirm: rule.toConfirm,
    source: rule.source,
  };
}

/** The dated tables as the pure computation takes them (src/shared/stampDuty/compute.ts). */
export async function loadTables(db: Db): Promise<StampDutyTables> {
  const { rules, penalties, mprRates } = await selectRuleTables(db);
  return {
    rules: rules.map(ruleOf),
    penalties: penalties.map((p) => ({
      law: p.law,
      graceDays: p.graceDays,
      penaltyBasisPoints: p.penaltyBasisPoints,
      interestBasis: p.interestBasis,
      interestAnnualBasisPoints: p.interestAnnualBasisPoints,
      validFrom: p.validFrom,
      validTo: p.validTo,
      toConfirm: p.toConfirm,
      source: p.source,
    })),
    mprRates: mprRates.map((m) => ({
      annualBasisPoints: m.annualBasisPoints,
      validFrom: m.validFrom,
      validTo: m.validTo,
      toConfirm: m.toConfirm,
      source: m.source,
    })),
  };
}

export function computationView(result: StampDutyResult): StampDutyComputation {
  return {
    dutyKobo: result.dutyKobo,
    penaltyKobo: result.penaltyKobo,
    rule: ruleView(result.rule),
    law: result.law,
    lawName: result.lawName,
    chargedPartyRole: result.chargedPartyRole,
    exemption: result.exemption,
    daysLate: result.late.daysLate,
    latePenaltyKobo: result.late.penaltyKobo,
    interestKobo: result.late.interestKobo,
    interestAnnualBasisPoints: result.late.interestAnnualBasisPoints,
    penaltyToConfirm: result.penaltyRule.toConfirm,
    totalKobo: result.dutyKobo + result.penaltyKobo,
  };
}

function partyView(row: StampPartyRow, chargedRole: string, isCharged: boolean): StampPartyView {
  return {
    id: row.id,
    role: row.role,
    btin: row.btin,
    name: row.name,
    phone: row.phone,
    isCompany: row.isCompany,
    isCharged: isCharged && row.role === chargedRole,
  };
}

function instrumentView(
  row: StampInstrumentRow,
  parties: readonly StampPartyRow[],
  payment: PaymentFacts | undefined,
  stampedByName: string | null,
): StampInstrumentView {
  return {
    id: row.id,
    instrumentType: row.instrumentType,
    executedOn: row.executedOn,
    considerationKobo: row.considerationKobo,
    termYears: row.termYears,
    description: row.description,
    status: row.status,
    dutyKobo: row.dutyKobo,
    penaltyKobo: row.penaltyKobo,
    totalKobo: row.dutyKobo + row.penaltyKobo,
    law: row.law,
    chargedPartyRole: row.chargedPartyRole,
    rule: ruleView(row.rule),
    exemption: row.exemption,
    possiblyFederal: row.possiblyFederal,
    certificateNumber: row.certificateNumber,
    stampedAt: row.stampedAt?.toISOString() ?? null,
    stampedByName,
    cancelReason: row.cancelReason,
    paymentId: row.paymentId,
    rrr: payment?.rrr ?? null,
    receiptNumber: payment?.receiptNumber ?? null,
    paidAt: payment?.paidAt?.toISOString() ?? row.paidAt?.toISOString() ?? null,
    partyNames: parties.map((p) => p.name).join(', '),
    scanContentType: scanContentTypeOf(row.scanFileKey),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Views of a page of instruments, with their parties, bills and stamping officers, in 3 reads. */
export async function instrumentDetails(
  db: Db,
  rows: readonly StampInstrumentRow[],
): Promise<StampInstrumentDetail[]> {
  const ids = rows.map((r) => r.id);
  const [parties, facts, names] = await Promise.all([
    selectParties(db, ids),
    selectPaymentFacts(
      db,
      rows.flatMap((r) => (r.paymentId ? [r.paymentId] : [])),
    ),
    selectOfficerNames(
      db,
      rows.flatMap((r) => (r.stampedBy ? [r.stampedBy] : [])),
    ),
  ]);
  return rows.map((row) => {
    const mine = parties.filter((p) => p.instrumentId === row.id);
    // The first party in the charged role pays (billing names it).
    const charged = mine.find((p) => p.role === row.chargedPartyRole);
    return {
      ...instrumentView(
        row,
        mine,
        row.paymentId ? facts.get(row.paymentId) : undefined,
        row.stampedBy ? (names.get(row.stampedBy) ?? null) : null,
      ),
      parties: mine.map((p) => partyView(p, row.chargedPartyRole, p.id === charged?.id)),
    };
  });
}
