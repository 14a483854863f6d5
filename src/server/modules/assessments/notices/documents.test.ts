import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { formatKoboAsNaira } from '../../../../shared/money';
import { computePersonalIncomeTax } from '../../../../shared/tax';
import { type DecisionLetter, renderDecisionLetterPdf } from './letter';
import {
  type NoticeDocument,
  noticeVerifyUrl,
  OBJECTION_SENTENCE,
  renderNoticePdf,
} from './notice';

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

const letter = (overrides: Partial<DecisionLetter> = {}): DecisionLetter => ({
  decidedOn: '2026-04-02',
  filedOn: '2026-02-20',
  taxpayer: { name: 'Tonbra Ekiyor', btin: '1234567890', address: '4 Azikoro Road, Yenagoa' },
  noticeNumber: 'BIRS/DA/2026/000042',
  taxYear: 2026,
  assessedKobo: 46_424_000,
  grounds: 'My pension contribution was left out.',
  disputedKobo: 5_000_000,
  decision: 'refused',
  reasons: 'No evidence of the pension contribution was produced.',
  revised: null,
  decidedBy: 'Ayebaemi Spiff',
  ...overrides,
});

describe('renderDecisionLetterPdf', () => {
  it('refused: the assessment stands, no revised notice, the director signs', async () => {
    const text = await pdfText(await renderDecisionLetterPdf(letter()));
    expect(text).toContain(squeeze('has been refused: the assessment stands as issued.'));
    expect(text).toContain(squeeze('Decision Refused'));
    expect(text).not.toContain('Revisednotice');
    expect(text).toContain(squeeze('Ayebaemi Spiff Director of Assessment'));
  });

  it('upheld with a revised notice not yet numbered says so; no director name leaves the line blank', async () => {
    const text = await pdfText(
      await renderDecisionLetterPdf(
        letter({
          decision: 'upheld',
          revised: { noticeNumber: null, taxKobo: 0 },
          decidedBy: null,
        }),
      ),
    );
    expect(text).toContain(squeeze('has been upheld.'));
    expect(text).toContain(squeeze('Revised notice to be issued'));
    expect(text).toContain(squeeze(`Revised tax ${formatKoboAsNaira(0)}`));
    expect(text).toContain('DirectorofAssessment');
  });
});

describe('renderNoticePdf', () => {
  const computation = computePersonalIncomeTax({
    taxYear: 2026,
    incomes: [{ source: 'employment', amountKobo: 600_000_000 }],
    deductions: { annualRentKobo: 300_000_000 },
  });
  const base: NoticeDocument = {
    noticeNumber: 'BIRS/DA/2026/000042',
    publicCode: 'K7MX93QDPA',
    kind: 'direct',
    taxYear: 2026,
    lawTitle: computation.lawTitle,
    issuedOn: '2026-02-01',
    dueDate: '2026-03-03',
    taxpayer: { name: 'Tonbra Ekiyor', btin: '1234567890', address: null },
    direct: {
      incomes: [{ label: 'Employment', amountKobo: 600_000_000 }],
      grossIncomeKobo: computation.grossIncomeKobo,
      consolidatedRelief: null,
      deductions: computation.deductions.map((d) => ({
        label: d.kind,
        claimedKobo: d.claimedKobo,
        allowedKobo: d.allowedKobo,
        capKobo: d.capKobo,
        note: d.note,
      })),
      reliefsKobo: computation.reliefsKobo,
      chargeableIncomeKobo: computation.chargeableIncomeKobo,
      bands: computation.bands,
      computedTaxKobo: computation.computedTaxKobo,
      minimumTaxKobo: null,
      minimumTaxApplied: false,
      exemptMinimumWage: false,
    },
    presumptive: null,
    taxKobo: computation.taxKobo,
    paidKobo: 0,
    late: null,
    pendingRrr: null,
  };

  it('NTA 2025: no CRA line, rent relief capped at ₦500,000 shown with its cap, the 0 % band printed', async () => {
    const text = await pdfText(await renderNoticePdf(base, 'https://revdesk.example/'));
    expect(text).not.toContain('ConsolidatedReliefAllowance');
    // Claimed ₦3,000,000.00 of rent: allowed ₦500,000.00, the cap.
    expect(text).toContain(squeeze('₦3,000,000.00 ₦500,000.00 ₦500,000.00'));
    expect(text).toContain('0%');
    expect(text).toContain(squeeze(OBJECTION_SENTENCE));
    expect(text).toContain(squeeze(noticeVerifyUrl('https://revdesk.example/', 'K7MX93QDPA')));
  });

  it('a waived penalty says "Waived" and charges only the tax outstanding', async () => {
    const text = await pdfText(
      await renderNoticePdf(
        { ...base, late: { daysLate: 40, penaltyKobo: 999, interestKobo: 999, isWaived: true } },
        'https://revdesk.example',
      ),
    );
    expect(text).toContain(squeeze('Penalty and interest Waived'));
    expect(text).toContain(squeeze(`Amount due ${formatKoboAsNaira(computation.taxKobo)}`));
  });

  it('the verify URL carries the public code, nothing to encode (ADR 0032)', () => {
    expect(noticeVerifyUrl('https://revdesk.example//', 'K7MX93QDPA')).toBe(
      'https://revdesk.example/verify/assessment/K7MX93QDPA',
    );
  });
});
