import type { Content, TableCell } from 'pdfmake/interfaces';
import { dayInWords, todayInLagos } from '../../../shared/dates';
import { formatKoboAsNaira } from '../../../shared/money';
import { formatNigerianPhone } from '../../../shared/phone';
import type { PublicMatch } from '../../../shared/publicCheck';
import { maskPublicName, publicCodeOf } from '../../../shared/publicCode';
import {
  INSTRUMENT_TYPE_LABELS,
  PARTY_ROLE_LABELS,
  STAMP_LAW_LABELS,
} from '../../../shared/stampDuty/enums';
import type { PublicStampCheck, StampInstrumentDetail } from '../../../shared/stampDuty/schemas';
import type { Actor } from '../../auth/actor';
import { limitPerMinute } from '../../auth/rateLimit';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { readLetterhead } from '../../documents/letterhead';
import {
  BRAND_BLUE,
  COMPACT_LINES,
  DEFAULT_LETTERHEAD,
  detail,
  documentHeader,
  type Letterhead,
  qrSvg,
  renderPdf,
  sectionTitle,
} from '../../documents/pdf';
import { AppError } from '../../errors';
import type { FileStore } from '../../files/store';
import { recordAudit } from '../audit/service';
import {
  findInstrumentForUpdate,
  selectByCertificateNumber,
  selectByPublicCode,
  updateInstrument,
} from './queries';
import { createStampDutyService } from './service';

/** The public page a stamp certificate's QR code opens, by its code (web /verify/stamp/{code}, ADR 0032). */
export function stampVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/stamp/${publicCode}`;
}

export type StampCertificateFacts = {
  instrument: StampInstrumentDetail;
  publicCode: string;
  /** The how-many-th download: past the first, the certificate says COPY. */
  printCount: number;
};

/** The stamp certificate as PDF bytes, in the shared document set-up (src/server/documents). */
export async function renderStampCertificatePdf(
  facts: StampCertificateFacts,
  publicUrl: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const i = facts.instrument;
  const verifyUrl = stampVerifyUrl(publicUrl, facts.publicCode);
  const details: TableCell[][] = [
    detail('Certificate number', i.certificateNumber ?? ''),
    detail('Date stamped', i.stampedAt ? dayInWords(todayInLagos(new Date(i.stampedAt))) : ''),
    detail('Instrument', INSTRUMENT_TYPE_LABELS[i.instrumentType]),
    detail('Description', i.description),
    detail('Date of execution', dayInWords(i.executedOn)),
    detail(
      'Consideration',
      `${formatKoboAsNaira(i.considerationKobo)}${i.termYears ? ` over ${i.termYears} years` : ''}`,
    ),
    detail('Law applied', STAMP_LAW_LABELS[i.law]),
    detail('Rule', `${i.rule.name}${i.rule.toConfirm ? ' (to confirm)' : ''}`),
    detail(
      'Duty',
      i.exemption ? `${formatKoboAsNaira(0)} — ${i.exemption}` : formatKoboAsNaira(i.dutyKobo),
    ),
    detail('Late-stamping penalty', formatKoboAsNaira(i.penaltyKobo)),
    detail('Receipt number', i.receiptNumber ?? (i.totalKobo === 0 ? 'Not chargeable' : '')),
    detail('Date paid', i.paidAt ? dayInWords(todayInLagos(new Date(i.paidAt))) : ''),
    detail('Stamped by', i.stampedByName ?? ''),
  ];
  const parties: TableCell[][] = [
    [
      { text: 'Role', style: 'tableHeader' },
      { text: 'Name', style: 'tableHeader' },
      { text: 'BTIN / phone', style: 'tableHeader' },
    ],
    ...i.parties.map((p) => [
      { text: `${PARTY_ROLE_LABELS[p.role]}${p.isCharged ? ' (pays)' : ''}` },
      { text: p.name },
      { text: p.btin ?? (p.phone ? formatNigerianPhone(p.phone) : '') },
    ]),
  ];
  const content: Content[] = [
    ...documentHeader('Stamp Duty Certificate', letterhead, 10),
    {
      text: 'This is to certify that the instrument described below has been duly stamped and the duty shown paid.',
      margin: [0, 0, 0, 8],
    },
    { table: { widths: [140, '*'], body: details }, layout: 'lightHorizontalLines' },
    sectionTitle('Parties'),
    { table: { headerRows: 1, widths: [110, '*', 110], body: parties }, layout: COMPACT_LINES },
    {
      svg: await qrSvg(verifyUrl),
      width: 120,
      alignment: 'center',
      margin: [0, 16, 0, 6],
    },
    {
      text: 'Scan the QR code, or open this address, to check that this certificate is genuine:',
      alignment: 'center',
      style: 'small',
    },
    { text: verifyUrl, alignment: 'center', style: 'small', color: BRAND_BLUE, link: verifyUrl },
  ];
  return renderPdf(
    `Stamp Duty Certificate ${i.certificateNumber}`,
    content,
    { fontSize: 10, titleFontSize: 18 },
    facts.printCount > 1 ? { text: 'COPY', color: '#555555', opacity: 0.1, bold: true } : undefined,
    letterhead.serviceName,
  );
}

const CERTIFICATE_NUMBER = /^SD-\d{4}-\d{7}$/;
const UNKNOWN_NUMBER = 'No stamp certificate has this number. Check what you typed.';
const UNKNOWN =
  'No stamp certificate has this verification code. It may have been mistyped, or the certificate is not genuine.';

export function createStampCertificateService(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'publicCheckRateLimitPerMinute'>;
  files: FileStore;
}) {
  const { db, config } = deps;
  const instruments = createStampDutyService({ db });

  /** Every public check, by code or by number, counts against one limit per address. */
  function limitChecks(actor: Actor): Promise<void> {
    return limitPerMinute(db, {
      bucket: 'stamp-verify',
      ip: actor.ip,
      perMinute: config.publicCheckRateLimitPerMinute,
      what: 'stamp certificate checks',
    });
  }

  return {
    /** The certificate of a stamped instrument; each download is counted and audited. */
    async certificatePdf(actor: Actor, id: string, requestOrigin: string) {
      const { printCount, publicCode } = await db.transaction(async (tx) => {
        const row = await findInstrumentForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');
        if (row.status !== 'stamped' || !row.certificateNumber) {
          throw new AppError(
            'CONFLICT',
            `An instrument has a certificate once stamped; this one is ${row.status}.`,
            { details: { status: row.status } },
          );
        }
        const printed = row.certificatePrints + 1;
        await updateInstrument(tx, id, { certificatePrints: printed });
        await recordAudit(tx, actor, {
          action: 'stamp_duty.certificate_printed',
          entityType: 'stamp_instrument',
          entityId: id,
          after: { certificateNumber: row.certificateNumber, printCount: printed },
        });
        return { printCount: printed, publicCode: row.publicCode };
      });
      const instrument = await instruments.detailOf(id);
      const body = await renderStampCertificatePdf(
        { instrument, publicCode, printCount },
        config.publicUrl ?? requestOrigin,
        await readLetterhead(db, deps.files),
      );
      return { body, fileName: `stamp-certificate-${instrument.certificateNumber}.pdf` };
    },

    /**
     * The public check (ADR 0032). By the code printed under the QR code: the verdict, the
     * facts printed on the certificate, the parties' names masked. By the bare certificate
     * number: the verdict alone. Rate-limited per address.
     */
    async verify(actor: Actor, text: string): Promise<PublicStampCheck> {
      await limitChecks(actor);
      const code = publicCodeOf(text);
      if (!code) {
        const number = text.trim().toUpperCase();
        if (!CERTIFICATE_NUMBER.test(number)) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Not a stamp certificate number (SD-2026-0000001) nor a verification code (10 letters and digits under the QR code).',
          );
        }
        const byNumber = await selectByCertificateNumber(db, number);
        if (!byNumber?.certificateNumber || !byNumber.stampedAt) {
          throw new AppError('NOT_FOUND', UNKNOWN_NUMBER);
        }
        return {
          status: byNumber.status === 'stamped' ? 'valid' : 'cancelled',
          certificateNumber: byNumber.certificateNumber,
        };
      }
      const row = await selectByPublicCode(db, code);
      if (!row?.certificateNumber || !row.stampedAt) throw new AppError('NOT_FOUND', UNKNOWN);
      const detail = await instruments.detailOf(row.id);
      return {
        status: row.status === 'stamped' ? 'valid' : 'cancelled',
        certificateNumber: row.certificateNumber,
        instrumentType: row.instrumentType,
        instrumentTypeLabel: INSTRUMENT_TYPE_LABELS[row.instrumentType],
        executedOn: row.executedOn,
        stampedOn: todayInLagos(row.stampedAt),
        parties: detail.parties.map((p) => ({ role: p.role, name: maskPublicName(p.name) })),
        dutyKobo: row.dutyKobo,
      };
    },

    /**
     * The bare certificate number's check (ADR 0032): a certificate that stands with this
     * number and this duty (as printed), or not. No status, type, day or name, so walking the
     * sequential numbers learns nothing.
     */
    async matchCertificate(actor: Actor, number: string, dutyKobo: number): Promise<PublicMatch> {
      await limitChecks(actor);
      const row = await selectByCertificateNumber(db, number);
      return { match: row?.status === 'stamped' && row.dutyKobo === dutyKobo };
    },
  };
}
