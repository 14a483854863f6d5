import { describe, expect, it } from 'vitest';
import {
  amount,
  count,
  csvCell,
  date,
  dateTime,
  headerOf,
  koboAsDecimal,
  neutraliseCell,
  reference,
  text,
} from './columns';

type Row = Record<string, unknown>;

describe('neutraliseCell', () => {
  it.each([
    '=1+2',
    '+SUM(A1)',
    '-2+3',
    '@cli',
    '\t=1+2',
    '\r=1+2',
    '\uFF1D1+2', // ＝
    '\uFF0BSUM(A1)', // ＋
    '\uFF0D2', // －
    '\uFF20cli', // ＠
  ])('prefixes %j with an apostrophe', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it.each(['Ebiowei', '1+2', 'a=b', '', '’quoted', 'Ọlọ́run'])('leaves %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});

describe('CSV cells by kind', () => {
  const row: Row = {};
  it('writes an amount in kobo as a plain naira decimal, exactly', () => {
    const cell = (kobo: number) =>
      csvCell(
        amount<Row>('Amount', () => kobo),
        row,
      );
    expect(cell(59_187_200)).toBe('591872.00');
    expect(cell(5)).toBe('0.05');
    expect(cell(123_450)).toBe('1234.50');
    expect(cell(-1_050)).toBe('-10.50');
    // Past float's exact cents: 2^53 kobo would print wrong through kobo / 100.
    expect(cell(900_719_925_474_099)).toBe('9007199254740.99');
  });

  it('names the unit in an amount header, and only there', () => {
    expect(headerOf(amount('Tax', () => 0))).toBe('Tax (NGN)');
    expect(headerOf(text('Tax', () => ''))).toBe('Tax');
    expect(headerOf(count('Days', () => 0))).toBe('Days');
  });

  it('writes days and times in ISO order, times on Lagos’s clock', () => {
    expect(
      csvCell(
        date<Row>('Due', () => '2026-05-01'),
        row,
      ),
    ).toBe('2026-05-01');
    // 23:30 UTC is 00:30 the next day in Lagos: the day is Lagos's.
    expect(
      csvCell(
        date<Row>('Day', () => '2026-04-10T23:30:00Z'),
        row,
      ),
    ).toBe('2026-04-11');
    expect(
      csvCell(
        dateTime<Row>('At', () => new Date('2025-04-10T09:15:00Z')),
        row,
      ),
    ).toBe('2025-04-10 10:15');
    expect(
      csvCell(
        dateTime<Row>('At', () => '2025-04-10T09:15:07Z', { seconds: true }),
        row,
      ),
    ).toBe('2025-04-10 10:15:07');
  });

  it('neutralises text and references, leaves numbers and empties plain', () => {
    expect(
      csvCell(
        text<Row>('Name', () => '\uFF1DHYPERLINK("x")'),
        row,
      ),
    ).toBe(`'\uFF1DHYPERLINK("x")`);
    expect(
      csvCell(
        reference<Row>('Notice', () => '-1'),
        row,
      ),
    ).toBe("'-1");
    expect(
      csvCell(
        count<Row>('Days', () => 12),
        row,
      ),
    ).toBe('12');
    expect(
      csvCell(
        text<Row>('Name', () => null),
        row,
      ),
    ).toBe('');
    expect(
      csvCell(
        amount<Row>('Paid', () => undefined),
        row,
      ),
    ).toBe('');
  });

  it('koboAsDecimal pads the kobo', () => {
    expect(koboAsDecimal(100)).toBe('1.00');
    expect(koboAsDecimal(0)).toBe('0.00');
  });
});
