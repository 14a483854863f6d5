import { describe, expect, it } from 'vitest';
import { readSettlementHeader, readSettlementLine, readSettlementTime } from './settlement';

describe('the settlement file', () => {
  it('reads a time as Lagos wall clock, ISO 8601 with an offset, or a spreadsheet number', () => {
    expect(readSettlementTime('2026-04-14 09:30')?.toISOString()).toBe('2026-04-14T08:30:00.000Z');
    expect(readSettlementTime('2026-04-14 09:30:15')?.toISOString()).toBe(
      '2026-04-14T08:30:15.000Z',
    );
    expect(readSettlementTime('2026-04-14T09:30:00+01:00')?.toISOString()).toBe(
      '2026-04-14T08:30:00.000Z',
    );
    expect(readSettlementTime('2026-04-14T08:30:00Z')?.toISOString()).toBe(
      '2026-04-14T08:30:00.000Z',
    );
    // 46126.5 is 14 April 2026, noon, in the spreadsheet's (Lagos) clock.
    expect(readSettlementTime('46126.5')?.toISOString()).toBe('2026-04-14T11:00:00.000Z');
    for (const bad of ['2026-02-30 10:00', '2026-04-14 24:00', '14/04/2026 09:30', '', 'soon']) {
      expect(readSettlementTime(bad), bad).toBeNull();
    }
  });

  it('names what is wrong with a header', () => {
    const wrong = readSettlementHeader(['terminal', 'stan', 'rrn', 'amount', 'amount']);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.problem).toMatch(/lacks the columns terminal_id, transaction_time/);
      expect(wrong.problem).toMatch(/unknown column terminal/);
      expect(wrong.problem).toMatch(/repeats amount/);
    }
    expect(
      readSettlementHeader(['RRN', 'Terminal ID', 'STAN', 'Amount', 'Transaction Time']).ok,
    ).toBe(true);
  });

  it('reads a line, padding the STAN and keeping the amount exact in kobo', () => {
    const header = readSettlementHeader([
      'terminal_id',
      'stan',
      'rrn',
      'amount',
      'transaction_time',
    ]);
    if (!header.ok) throw new Error(header.problem);
    const line = readSettlementLine(
      ['2B000001', '42', '123456789012', '1,234.56', '2026-04-14 09:30'],
      header.columns,
    );
    expect(line).toMatchObject({ ok: true, line: { stan: '000042', amountKobo: 123_456 } });
    expect(
      readSettlementLine(['2B000001', '42', '1234', '10', '2026-04-14 09:30'], header.columns),
    ).toEqual({
      ok: false,
      problem: 'rrn must be 6–20 letters or digits',
    });
    expect(
      readSettlementLine(['2B000001', '42', '123456', '0', '2026-04-14 09:30'], header.columns),
    ).toMatchObject({
      ok: false,
    });
  });
});
