import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePersonalIncomeTax } from '../../shared/tax';
import { drawDemoCrest, drawDemoSignature } from '../db/seed/paperwork';
import {
  type DecisionLetter,
  renderDecisionLetterPdf,
} from '../modules/assessments/notices/letter';
import { type NoticeDocument, renderNoticePdf } from '../modules/assessments/notices/notice';
import type { PaidPayment } from '../modules/payments/receipts/receipt';
import { renderReceiptPdf } from '../modules/payments/receipts/receipt';
import { type CertificateFacts, renderCertificatePdf } from '../modules/tcc/certificate/document';
import type { Letterhead } from './pdf';
import { at, find, inkIn, onPaper, type PaperPage, textOf } from './testing/paper';

/**
 * The four documents staff print, checked as paper shows them (pdftoppm, pdftotext -bbox): the
 * letterhead's crest drawn, dates as staff write them, the notice's RRR and one page, headings
 * over their figures, no heading left alone at a page's foot, the chairman's signature drawn.
 * PAPER_KEEP_DIR=<dir> keeps the PNGs to look at.
 */

const PUBLIC_URL = 'https://revdesk.birs.example';
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
let letterhead: Letterhead;
let signature: Buffer;

beforeAll(async () => {
  letterhead = {
    serviceName: 'Bayelsa State Board of Internal Revenue',
    crest: { bytes: await drawDemoCrest(), mime: 'image/png' },
  };
  signature = await drawDemoSignature();
});

/** The crest prints left of the service's name: ink there, none when no crest is set. */
function crestInk(page: PaperPage): number {
  const name = at(page, 'Bayelsa State Board');
  return inkIn(page, { x: 30, y: name.yMin - 4, width: name.xMin - 40, height: 52 });
}

/** Every word of a right-aligned column ends where its heading ends (within half a point). */
function expectRightAligned(page: PaperPage, heading: string, figures: string[], from?: string) {
  const start = from ? at(page, from) : undefined;
  const head = at(page, heading, start);
  for (const figure of figures) {
    const box = at(page, figure, head);
    expect(Math.abs(box.xMax - head.xMax), `${figure} under ${heading}`).toBeLessThan(0.5);
  }
}

/** A section heading is never the last line of its page. */
function expectNoOrphanHeadings(pages: PaperPage[], headings: string[]) {
  for (const [n, page] of pages.entries()) {
    for (const heading of headings) {
      const box = find(page, heading);
      if (!box) continue;
      const below = page.words.filter((w) => w.yMin > box.yMax + 1);
      expect(below.length, `"${heading}" alone at the foot of page ${n + 1}`).toBeGreaterThan(0);
    }
  }
}

/** PwC's 2024 example (docs/tax-rules.md) with the CRA, as most notices are: late, part paid, billed. */
function typicalNotice(overrides: Partial<NoticeDocument> = {}): NoticeDocument {
  const c = computePersonalIncomeTax({
    taxYear: 2024,
    incomes: [
      { source: 'employment', amountKobo: 350_000_000 },
      { source: 'rent', amountKobo: 50_000_000 },
    ],
    deductions: { pensionKobo: 32_000_000 },
  });
  return {
    noticeNumber: 'BIRS/DA/2024/4180014822',
    publicCode: 'K7M2Q9XR4T',
    kind: 'direct',
    taxYear: 2024,
    lawTitle: c.lawTitle,
    issuedOn: '2026-11-26',
    dueDate: '2026-12-26',
    taxpayer: {
      name: 'Ebiere Alamieyeseigha',
      btin: '1000000013',
      address: '12 Mbiama-Yenagoa Road, Kpansia, Yenagoa, Bayelsa',
    },
    direct: {
      incomes: [
        { label: 'Employment', amountKobo: 350_000_000 },
        { label: 'Rent', amountKobo: 50_000_000 },
      ],
      grossIncomeKobo: c.grossIncomeKobo,
      consolidatedRelief: c.consolidatedRelief,
      deductions: c.deductions
        .filter((d) => d.kind !== 'consolidatedRelief' && d.claimedKobo > 0)
        .map((d) => ({
          label: 'Pension contribution',
          claimedKobo: d.claimedKobo,
          allowedKobo: d.allowedKobo,
          capKobo: d.capKobo,
          note: d.note,
        })),
      reliefsKobo: c.reliefsKobo,
      chargeableIncomeKobo: c.chargeableIncomeKobo,
      bands: c.bands,
      computedTaxKobo: c.computedTaxKobo,
      minimumTaxKobo: c.minimumTaxKobo,
      minimumTaxApplied: c.minimumTaxApplied,
      exemptMinimumWage: c.exemptMinimumWage,
    },
    presumptive: null,
    taxKobo: c.taxKobo,
    paidKobo: 6_424_000,
    late: { daysLate: 41, penaltyKobo: 4_000_000, interestKobo: 1_210_000, isWaived: false },
    pendingRrr: '561671869637',
    ...overrides,
  };
}

describe('the notice of assessment on paper', () => {
  it('a typical notice fits one A4 page: crest, dates in words, the RRR and what to do with it', async () => {
    const paper = await onPaper(
      await renderNoticePdf(typicalNotice(), PUBLIC_URL, letterhead),
      'notice',
    );
    expect(paper.pages).toHaveLength(1);
    const [page] = paper.pages as [PaperPage];
    // A4 in points.
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([595, 842]);
    expect(crestInk(page)).toBeGreaterThan(200);
    const text = textOf(page);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).toContain('Date of notice 26 November 2026');
    expect(text).toContain('Due date 26 December 2026');
    expect(text).toContain('RRR (your bill) 5616-7186-9637');
    const howToPay = at(page, 'How to pay');
    expect(find(page, 'give the teller the RRR;', howToPay)).not.toBeNull();
    expect(find(page, 'remita.net', howToPay)).not.toBeNull();
    // The verify address is printed whole on the same page, under the QR code.
    expect(text).toContain(`${PUBLIC_URL}/verify/assessment/K7M2Q9XR4T`);
  });

  it('column headings stand over their figures: amounts right-aligned under right-aligned headings', async () => {
    const [page] = (
      await onPaper(
        await renderNoticePdf(typicalNotice(), PUBLIC_URL, letterhead),
        'notice-columns',
      )
    ).pages as [PaperPage];
    expectRightAligned(page, 'Amount', ['₦3,500,000.00', '₦500,000.00', '₦4,000,000.00'], 'Income');
    expectRightAligned(page, 'Claimed', ['₦320,000.00'], 'Reliefs and deductions');
    expectRightAligned(page, 'Allowed', ['₦936,000.00', '₦1,256,000.00'], 'Reliefs and deductions');
    expectRightAligned(page, 'Rate', ['7 %', '24 %'], 'Tax by band');
    expectRightAligned(page, 'Taxable', ['₦1,144,000.00'], 'Tax by band');
    expectRightAligned(page, 'Tax', ['₦21,000.00', '₦240,240.00', '₦464,240.00'], 'Tax by band');
    // The amounts due: every figure ends on one line.
    const due = at(page, 'Amount due', at(page, 'Tax computed on the bands'));
    const figures = ['₦464,240.00', '₦64,240.00', '₦40,000.00', '₦12,100.00'].map(
      (f) => at(page, f, due).xMax,
    );
    for (const x of figures) expect(Math.abs(x - (figures[0] ?? 0))).toBeLessThan(0.5);
  });

  it('before a bill, "How to pay" says how to get one, and no RRR is printed', async () => {
    const [page] = (
      await onPaper(
        await renderNoticePdf(typicalNotice({ pendingRrr: null }), PUBLIC_URL),
        'notice-unbilled',
      )
    ).pages as [PaperPage];
    const text = textOf(page);
    expect(text).toContain('No bill has been raised for this notice yet');
    expect(text).not.toContain('RRR (your bill)');
    // No crest set: the name only, nothing drawn beside it.
    expect(crestInk(page)).toBe(0);
  });

  it('a long notice breaks between sections, never leaving a heading alone at the foot of a page', async () => {
    const headings = [
      'Income',
      'Reliefs and deductions',
      'Tax by band',
      'Amount due',
      'Your right to object',
    ];
    let pagesSeen = 0;
    // Each extra income line moves every heading below it down a line: some count puts each
    // heading at a page's foot.
    for (let lines = 10; lines <= 40; lines += 3) {
      const notice = typicalNotice();
      if (!notice.direct) throw new Error('a direct notice');
      notice.direct.incomes = Array.from({ length: lines }, (_, i) => ({
        label: `Rent from property ${i + 1}`,
        amountKobo: 1_000_000,
      }));
      const paper = await onPaper(await renderNoticePdf(notice, PUBLIC_URL, letterhead), 'long', {
        draw: false,
      });
      pagesSeen = Math.max(pagesSeen, paper.pages.length);
      expectNoOrphanHeadings(paper.pages, headings);
    }
    expect(pagesSeen).toBe(2);
  }, 60_000);
});

function facts(overrides: Partial<CertificateFacts> = {}): CertificateFacts {
  return {
    number: 'BIRS/TCC/2026/000001',
    kind: 'direct-assessment',
    btin: '1000000013',
    holder: { name: 'Amaka Okafor', address: '1 Test Road, Yenagoa', nationalId: null },
    purpose: 'government-contract',
    purposeDetail: null,
    sourceOfIncome: 'Salary',
    comment: null,
    years: [2023, 2024, 2025].map((year) => ({
      year,
      incomeKobo: 300_000_000,
      taxKobo: 20_000_000,
      paidKobo: 20_000_000,
      outstandingKobo: 0,
      receipts: [
        { number: `BIRS/${year + 1}/000001`, date: `${year + 1}-03-01`, amountKobo: 20_000_000 },
      ],
    })),
    exemptionReason: null,
    issuedOn: '2026-06-01',
    expiresOn: '2026-12-31',
    chairman: { name: 'Tonbra Ekiyor', signature: null },
    photo: null,
    printCount: 1,
    revoked: null,
    signedPayload: 'eyJ2IjoxfQ.c2ln',
    ...overrides,
  } as CertificateFacts;
}

describe('the Tax Clearance Certificate on paper', () => {
  it("one page: crest, dates in words, receipts' dates in figures, headings over figures, the chairman's signature drawn", async () => {
    const signed = facts({
      chairman: { name: 'Tonbra Ekiyor', signature: { bytes: signature, mime: 'image/png' } },
    });
    const paper = await onPaper(
      await renderCertificatePdf(signed, PUBLIC_URL, letterhead),
      'certificate',
    );
    expect(paper.pages).toHaveLength(1);
    const [page] = paper.pages as [PaperPage];
    expect(crestInk(page)).toBeGreaterThan(200);
    const text = textOf(page);
    expect(text).toContain('Date of issue 1 June 2026');
    expect(text).toContain('Valid until 31 December 2026');
    expect(text).toContain('(01/03/2024)');
    expect(text.replace(/#.*$/, '')).not.toMatch(ISO_DAY);
    expectRightAligned(page, 'income', ['₦3,000,000.00'], 'Total');
    expectRightAligned(page, 'payable', ['₦200,000.00'], 'Tax');
    expectRightAligned(page, 'Outstanding', ['₦0.00']);
    // The signature is drawn above the chairman's name, on the signature line.
    const name = at(page, 'Tonbra Ekiyor');
    const above = { x: name.xMin, y: name.yMin - 56, width: 160, height: 50 };
    expect(inkIn(page, above)).toBeGreaterThan(100);

    const unsigned = (
      await onPaper(await renderCertificatePdf(facts(), PUBLIC_URL, letterhead), 'unsigned')
    ).pages[0] as PaperPage;
    const line = at(unsigned, 'Tonbra Ekiyor');
    // Only the signature line itself (a thin rule just above the name) is there.
    expect(inkIn(unsigned, { x: line.xMin, y: line.yMin - 56, width: 160, height: 44 })).toBe(0);
  });
});

describe('the e-receipt on paper', () => {
  it('one page: crest, the day paid in words with the time', async () => {
    const payment = {
      receiptNumber: 'BIRS/2025/0000001',
      payerName: 'Ebiere Alamieyeseigha',
      btin: '1000000013',
      mdaName: 'Bayelsa Ministry of Health',
      mdaCode: 'MOH',
      revenueHeadCode: '12020401',
      revenueHeadName: 'Hospital fees',
      amountKobo: 123_450,
      channel: 'remita',
      rrr: '847741662136',
      paidAt: new Date('2025-07-04T22:30:00Z'),
    } as unknown as PaidPayment;
    const paper = await onPaper(
      await renderReceiptPdf(payment, 'K7M2Q9XR4T', PUBLIC_URL, letterhead),
      'receipt',
    );
    expect(paper.pages).toHaveLength(1);
    const [page] = paper.pages as [PaperPage];
    expect(crestInk(page)).toBeGreaterThan(200);
    const text = textOf(page);
    expect(text).toContain('Date paid 4 July 2025, 23:30 (Lagos time)');
    expect(text).not.toMatch(ISO_DAY);
  });
});

describe('the decision letter on paper', () => {
  it('one page: crest, the letter dated in words, the service signing for it', async () => {
    const letter: DecisionLetter = {
      decidedOn: '2026-04-02',
      filedOn: '2026-02-20',
      taxpayer: { name: 'Tonbra Ekiyor', btin: '1234567890', address: '4 Azikoro Road, Yenagoa' },
      noticeNumber: 'BIRS/DA/2026/000042',
      taxYear: 2026,
      assessedKobo: 46_424_000,
      grounds: 'My pension contribution was left out.',
      disputedKobo: 5_000_000,
      decision: 'partly_upheld',
      reasons: 'The pension contribution is allowed; the rent relief is not.',
      revised: { noticeNumber: 'BIRS/DA/2026/000043', taxKobo: 41_000_000 },
      decidedBy: 'Ayebaemi Spiff',
    };
    const paper = await onPaper(
      await renderDecisionLetterPdf(letter, {
        ...letterhead,
        serviceName: 'Bayelsa State Board of Internal Revenue',
      }),
      'letter',
    );
    expect(paper.pages).toHaveLength(1);
    const [page] = paper.pages as [PaperPage];
    expect(crestInk(page)).toBeGreaterThan(200);
    const text = textOf(page);
    expect(text).toContain('Date: 2 April 2026');
    expect(text).toContain('Objection filed on 20 February 2026');
    expect(text).not.toMatch(ISO_DAY);
    expect(text).toContain('For: Bayelsa State Board of Internal Revenue');
  });
});

afterAll(() => undefined);
