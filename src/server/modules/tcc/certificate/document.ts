import type { Content, TableCell } from 'pdfmake/interfaces';
import { dayInFigures, dayInWords } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  TCC_EXEMPTION_REASON_LABELS,
  TCC_KIND_LABELS,
  TCC_PURPOSE_LABELS,
  type TccExemptionReason,
  type TccKind,
  type TccPurpose,
} from '../../../../shared/tcc/enums';
import type { TccYear } from '../../../../shared/tcc/views';
import {
  BRAND_BLUE,
  DEFAULT_LETTERHEAD,
  type DocumentImage,
  detail,
  documentHeader,
  imageData,
  type Letterhead,
  qrSvg,
  renderPdf,
  sectionTitle,
} from '../../../documents/pdf';

/**
 * The printed Tax Clearance Certificate (docs/tax-rules.md, Tax Clearance Certificate: number,
 * dates, holder, BTIN and national ID, address, the three-year table with receipts, source of
 * income, comments, the chairman's signature line, the alteration warning and the verification
 * address), with the QR code of ADR 0013: the verify page's URL, the signed facts after `#`.
 */

/** The public page a certificate's QR code opens, by its code (the web's /verify/tcc/{code}, ADR 0032). */
export function tccVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/tcc/${publicCode}`;
}

/** What the QR code holds: the verify page, the signed payload in the fragment (never sent to a server). */
export function tccQrText(publicUrl: string, publicCode: string, signedPayload: string): string {
  return `${tccVerifyUrl(publicUrl, publicCode)}#${signedPayload}`;
}

export type CertificateImage = DocumentImage;

export type CertificateFacts = {
  number: string;
  kind: TccKind;
  btin: string;
  holder: { name: string; address: string | null; nationalId: string | null };
  purpose: TccPurpose;
  purposeDetail: string | null;
  sourceOfIncome: string;
  comment: string | null;
  years: TccYear[];
  exemptionReason: TccExemptionReason | null;
  /** YYYY-MM-DD, in Lagos. */
  issuedOn: string;
  expiresOn: string;
  chairman: { name: string; signature: CertificateImage | null } | null;
  /** The holder's photo from the registry, when they have one (docs/tax-rules.md). */
  photo: CertificateImage | null;
  printCount: number;
  revoked: { on: string; reason: string } | null;
  signedPayload: string;
  /** What its verification address carries (ADR 0032). */
  publicCode: string;
};

const naira = (kobo: number) => formatKoboAsNaira(kobo);

function receiptsText(year: TccYear): string {
  if (year.receipts.length === 0) return '—';
  // A date stored in another form is printed as stored rather than failing the certificate.
  const day = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? dayInFigures(date) : date);
  return year.receipts.map((r) => `${r.number} (${day(r.date)})`).join('\n');
}

function yearsTable(years: readonly TccYear[]): Content {
  // The figures' headings are right-aligned like the figures under them.
  const header: TableCell[] = [
    'Year',
    'Total income',
    'Tax payable',
    'Tax paid',
    'Outstanding',
    'Receipts (number, date)',
  ].map((text, column) => ({
    text,
    style: 'tableHeader',
    alignment: column >= 1 && column <= 4 ? 'right' : 'left',
  }));
  const rows: TableCell[][] = years.map((y) => [
    String(y.year),
    { text: naira(y.incomeKobo), alignment: 'right' },
    { text: y.taxKobo === 0 ? 'No tax due' : naira(y.taxKobo), alignment: 'right' },
    { text: naira(y.paidKobo), alignment: 'right' },
    { text: naira(y.outstandingKobo), alignment: 'right' },
    { text: receiptsText(y), fontSize: 8 },
  ]);
  return {
    table: { headerRows: 1, widths: [34, 72, 72, 72, 66, '*'], body: [header, ...rows] },
    layout: 'lightHorizontalLines',
  };
}

function exemptBlock(reason: TccExemptionReason | null): Content {
  return {
    stack: [
      { text: 'EXEMPT', bold: true, fontSize: 22, color: BRAND_BLUE, alignment: 'center' },
      {
        text: `No tax is due from the holder for the three years preceding the year of issue. Reason: ${
          reason ? TCC_EXEMPTION_REASON_LABELS[reason] : 'not liable to tax'
        }.`,
        alignment: 'center',
        margin: [0, 4, 0, 0],
      },
    ],
    margin: [0, 4, 0, 4],
  };
}

function signatureBlock(chairman: CertificateFacts['chairman'], serviceName: string): Content {
  const image: Content = chairman?.signature
    ? { image: imageData(chairman.signature), fit: [150, 48] }
    : { text: ' ', margin: [0, 30, 0, 0] };
  return {
    stack: [
      image,
      {
        canvas: [{ type: 'line', x1: 0, y1: 2, x2: 180, y2: 2, lineWidth: 0.8 }],
      },
      { text: chairman?.name ?? ' ', bold: true, margin: [0, 4, 0, 0] },
      { text: `Executive Chairman, ${serviceName}`, style: 'small' },
    ],
  };
}

/** The certificate as PDF bytes; `publicUrl` is where the verify page lives. */
export async function renderCertificatePdf(
  facts: CertificateFacts,
  publicUrl: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const verifyUrl = tccVerifyUrl(publicUrl, facts.publicCode);
  const purpose = facts.purposeDetail
    ? `${TCC_PURPOSE_LABELS[facts.purpose]} — ${facts.purposeDetail}`
    : TCC_PURPOSE_LABELS[facts.purpose];
  const details: TableCell[][] = [
    detail('Certificate number', facts.number),
    detail('Date of issue', dayInWords(facts.issuedOn)),
    detail('Valid until', dayInWords(facts.expiresOn)),
    detail('Name', facts.holder.name),
    detail('BTIN', facts.btin),
    ...(facts.holder.nationalId ? [detail('National ID (NIN)', facts.holder.nationalId)] : []),
    detail('Address', facts.holder.address ?? ''),
    detail('Source of income', facts.sourceOfIncome),
    detail('Purpose', purpose),
    detail('Kind', TCC_KIND_LABELS[facts.kind]),
  ];
  const exempt = facts.kind === 'exemption' || facts.exemptionReason !== null;

  const content: Content[] = [
    ...documentHeader('Tax Clearance Certificate', letterhead, 10),
    ...(facts.revoked
      ? [
          {
            table: {
              widths: ['*'],
              body: [
                [
                  {
                    text: `REVOKED on ${dayInWords(facts.revoked.on)}: ${facts.revoked.reason.replace(/\.\s*$/, '')}. This certificate is no longer valid.`,
                    bold: true,
                    color: '#ffffff',
                    fillColor: '#b3261e',
                    alignment: 'center',
                    margin: [4, 4, 4, 4],
                  },
                ],
              ],
            },
            layout: 'noBorders',
            margin: [0, 0, 0, 8],
          } satisfies Content,
        ]
      : []),
    {
      text: exempt
        ? 'This is to certify that the person named below is not liable to tax for the three years preceding the year of issue, for the reason stated (NTAA 2025 s.72).'
        : 'This is to certify that the tax position of the person named below for the three years preceding the year of issue is as stated (NTAA 2025 s.72).',
      margin: [0, 0, 0, 8],
    },
    facts.photo
      ? {
          columns: [
            {
              width: '*',
              table: { widths: [120, '*'], body: details },
              layout: 'lightHorizontalLines',
            },
            {
              width: 96,
              image: imageData(facts.photo),
              fit: [96, 120],
              margin: [10, 0, 0, 0],
            },
          ],
        }
      : { table: { widths: [120, '*'], body: details }, layout: 'lightHorizontalLines' },
    sectionTitle('Tax position, three preceding years'),
    exempt ? exemptBlock(facts.exemptionReason) : yearsTable(facts.years),
    ...(facts.comment ? [sectionTitle('Comments'), { text: facts.comment }] : []),
    {
      columns: [
        {
          width: '*',
          stack: [signatureBlock(facts.chairman, letterhead.serviceName)],
          margin: [0, 18, 0, 0],
        },
        {
          width: 150,
          stack: [
            {
              svg: await qrSvg(tccQrText(publicUrl, facts.publicCode, facts.signedPayload)),
              width: 150,
            },
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 14, 0, 6],
    },
    {
      text: 'Any alteration renders this certificate invalid.',
      bold: true,
      alignment: 'center',
      margin: [0, 6, 0, 2],
    },
    {
      text: 'Scan the QR code, or open this address, to check that this certificate is genuine and still valid:',
      alignment: 'center',
      style: 'small',
    },
    { text: verifyUrl, alignment: 'center', style: 'small', color: BRAND_BLUE, link: verifyUrl },
  ];

  const watermark = facts.revoked
    ? { text: 'REVOKED', color: '#b3261e', opacity: 0.12, bold: true }
    : facts.printCount > 1
      ? { text: 'COPY', color: '#555555', opacity: 0.1, bold: true }
      : undefined;
  return renderPdf(
    `Tax Clearance Certificate ${facts.number}`,
    content,
    { fontSize: 10, titleFontSize: 18 },
    watermark,
    letterhead.serviceName,
  );
}
