import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PAYMENT_TYPES, type PaymentType } from '../../../../shared/payments/enums';
import {
  JRB_LAYOUT_VERSION,
  JRB_TAX_TYPE_LABELS,
  JRB_TAX_TYPES,
  type JrbReturn,
  type JrbTaxType,
  jrbPeriodDays,
  jrbPeriodLabel,
} from '../../../../shared/reports/jrb';
import { TCC_KIND_LABELS, TCC_KINDS } from '../../../../shared/tcc/enums';
import type { Actor } from '../../../auth/actor';
import { mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { letterhead } from '../../../db/schema';
import { SERVICE_NAME } from '../../../documents/pdf';
import { AppError } from '../../../errors';
import { CONTENT_TYPES, type ExportAnswer } from '../../../export/exportList';
import { NAIRA_FORMAT } from '../../../export/xlsx';
import { recordAudit } from '../../audit/service';
import { selectCollectionTotals } from '../totals/queries';
import { countTaxpayersRegistered, countTccsIssued } from './queries';

/** What a payment's type counts under on the return (docs/jrb-return.md "Section A"). */
const BY_PAYMENT_TYPE = {
  paye: 'paye',
  'direct-assessment': 'direct-assessment',
  'presumptive-tax': 'presumptive-tax',
  'stamp-duty': 'stamp-duty',
  ssc: 'levies',
  'demand-notice': 'mda-charges',
  tcc: 'tcc-fees',
  other: 'other',
} as const satisfies Record<PaymentType, JrbTaxType>;

/** A payment without a type counts by what it settles, else under "other". */
const BY_SUBJECT_KIND: Record<string, JrbTaxType> = {
  stamp_duty: 'stamp-duty',
  ssc_schedule: 'levies',
  demand_notice: 'mda-charges',
  tcc: 'tcc-fees',
};

export function jrbTaxTypeOf(type: string, subjectKind: string): JrbTaxType {
  if ((PAYMENT_TYPES as readonly string[]).includes(type)) {
    return BY_PAYMENT_TYPE[type as PaymentType];
  }
  return BY_SUBJECT_KIND[subjectKind] ?? 'other';
}

async function serviceNameOf(db: Db): Promise<string> {
  const [row] = await db
    .select({ serviceName: letterhead.serviceName })
    .from(letterhead)
    .where(eq(letterhead.id, 1))
    .limit(1);
  return row?.serviceName ?? SERVICE_NAME;
}

const naira = (kobo: number) => kobo / 100;

/** The return as a workbook, in the layout of docs/jrb-return.md (v1). */
async function workbookOf(report: JrbReturn): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'RevDesk';
  const sheet = book.addWorksheet('JRB return');
  sheet.columns = [{ width: 44 }, { width: 14 }, { width: 22 }];
  const bold = { bold: true };
  const heading = (text: string) => {
    sheet.addRow([]);
    sheet.addRow([text]).font = { bold: true, size: 12 };
  };

  sheet.addRow(['Joint Revenue Board return']).font = { bold: true, size: 14 };
  sheet.addRow(['State revenue service', report.serviceName]);
  sheet.addRow(['Period', report.periodLabel]);
  sheet.addRow(['From', report.from]);
  sheet.addRow(['To', report.to]);
  sheet.addRow(['Layout', report.layoutVersion]);
  sheet.addRow(['Generated at', new Date(report.generatedAt)]).getCell(2).numFmt =
    'dd/mm/yyyy hh:mm';

  heading('A. Collections by tax type');
  sheet.addRow(['Tax type', 'Payments', 'Amount (₦)']).font = bold;
  for (const row of report.collections.rows) {
    const r = sheet.addRow([row.label, row.count, naira(row.amountKobo)]);
    r.getCell(3).numFmt = NAIRA_FORMAT;
  }
  const totalA = sheet.addRow([
    'Total collections',
    report.collections.total.count,
    naira(report.collections.total.amountKobo),
  ]);
  totalA.font = bold;
  totalA.getCell(3).numFmt = NAIRA_FORMAT;

  heading('B. Taxpayers registered');
  sheet.addRow(['Kind', 'Registered']).font = bold;
  sheet.addRow(['Individuals', report.taxpayers.individuals]);
  sheet.addRow(['Companies', report.taxpayers.companies]);
  sheet.addRow(['Total registered', report.taxpayers.total]).font = bold;

  heading('C. Tax clearance certificates issued');
  sheet.addRow(['Kind', 'Issued']).font = bold;
  for (const row of report.tccs.rows) sheet.addRow([row.label, row.count]);
  sheet.addRow(['Total issued', report.tccs.total]).font = bold;

  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The Joint Revenue Board return (docs/jrb-return.md): collections by tax type from the
 * collection totals only (ADR 0034), taxpayers registered and TCCs issued from their tables by
 * date, for a month or a quarter.
 */
export function createJrbReturnService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  now?: () => Date;
}) {
  async function jrbReturn(actor: Actor, period: string): Promise<JrbReturn> {
    const days = jrbPeriodDays(period);
    if (!days) throw new AppError('VALIDATION_FAILED', 'Give the period as YYYY-MM or YYYY-Qn.');
    const [totals, registered, issued, serviceName] = await Promise.all([
      selectCollectionTotals(db, { ...days, scope: mdaScopeOf(actor) }, ['type', 'subjectKind']),
      countTaxpayersRegistered(db, days.from, days.to),
      countTccsIssued(db, days.from, days.to),
      serviceNameOf(db),
    ]);

    const byType = new Map<JrbTaxType, { count: number; amountKobo: number }>(
      JRB_TAX_TYPES.map((t) => [t, { count: 0, amountKobo: 0 }]),
    );
    for (const row of totals) {
      const line = byType.get(jrbTaxTypeOf(row.type ?? '', row.subjectKind ?? ''));
      if (!line) continue;
      line.count += row.paymentCount;
      line.amountKobo += row.amountKobo;
    }
    const rows = JRB_TAX_TYPES.map((taxType) => ({
      taxType,
      label: JRB_TAX_TYPE_LABELS[taxType],
      ...(byType.get(taxType) ?? { count: 0, amountKobo: 0 }),
    }));
    const tccRows = TCC_KINDS.map((kind) => ({
      kind,
      label: TCC_KIND_LABELS[kind],
      count: issued.get(kind) ?? 0,
    }));
    return {
      period,
      periodLabel: jrbPeriodLabel(period),
      ...days,
      layoutVersion: JRB_LAYOUT_VERSION,
      serviceName,
      generatedAt: now().toISOString(),
      collections: {
        rows,
        total: {
          count: rows.reduce((s, r) => s + r.count, 0),
          amountKobo: rows.reduce((s, r) => s + r.amountKobo, 0),
        },
      },
      taxpayers: {
        individuals: registered.individual,
        companies: registered.corporate,
        total: registered.individual + registered.corporate,
      },
      tccs: { rows: tccRows, total: tccRows.reduce((s, r) => s + r.count, 0) },
    };
  }

  return {
    jrbReturn,

    /** The return as XLSX, audited as an export (ADR 0029's audit row: filter, format, rows). */
    async exportJrbReturn(actor: Actor, period: string): Promise<ExportAnswer> {
      const report = await jrbReturn(actor, period);
      const body = await workbookOf(report);
      const rows = report.collections.rows.length + 2 + report.tccs.rows.length;
      await recordAudit(db, actor, {
        action: 'jrb_return.exported',
        entityType: 'report',
        after: { filter: { period }, format: 'xlsx', rows },
      });
      return {
        body: Readable.from([body]),
        contentType: CONTENT_TYPES.xlsx,
        fileName: `jrb-return-${period}.xlsx`,
        rows,
      };
    },
  };
}
