import { describe, expect, it } from 'vitest';
import { renderPdf, verifyBlock } from '../documents/pdf';
import { scanPdfQr } from './scanPdfQr';

describe('reading the QR code of a PDF as a phone would', () => {
  it('finds a long verification URL with its signed fragment', async () => {
    const url = `https://revdesk.example/verify/tcc/BIRS%2FTCC%2F2026%2F000001#${'a'.repeat(260)}.${'b'.repeat(86)}`;
    const pdf = await renderPdf('QR', [
      await verifyBlock(url, 'certificate', { qrWidth: 150, marginTop: 10 }),
    ]);
    expect(await scanPdfQr(pdf)).toBe(url);
  });

  it('finds nothing on a page without a code', async () => {
    expect(await scanPdfQr(await renderPdf('Blank', [{ text: 'No code here' }]))).toBeNull();
  });
});
