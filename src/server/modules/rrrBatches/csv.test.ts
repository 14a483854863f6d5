import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { readRrrCsv } from './csv';

const csv = (text: string) => Buffer.from(text, 'utf8');

async function refusal(bytes: Buffer, fileName = 'rrrs.csv'): Promise<AppError> {
  try {
    await readRrrCsv(bytes, fileName);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('readRrrCsv', () => {
  it('reads rrr and mdaCode in any case and order, with a BOM and Windows line ends', async () => {
    const lines = await readRrrCsv(
      csv('\uFEFFMdaCode,RRR\r\nMOF,280100000001\r\n,2801-0000-0002\r\n'),
      'x.CSV',
    );
    expect(lines).toEqual([
      { lineNumber: 2, rrr: '280100000001', mdaCode: 'MOF', problem: null },
      { lineNumber: 3, rrr: '2801-0000-0002', mdaCode: null, problem: null },
    ]);
  });

  it('skips blank lines (and lines of commas) but keeps the line numbers of the file', async () => {
    const lines = await readRrrCsv(
      csv('rrr,mdaCode\n\n280100000001,A\n , \n,\n280100000002,B\n'),
      'a.csv',
    );
    expect(lines.map((l) => [l.lineNumber, l.rrr])).toEqual([
      [3, '280100000001'],
      [6, '280100000002'],
    ]);
  });

  it('marks bad rows without refusing the file: not 12 digits, duplicates, too many values', async () => {
    const lines = await readRrrCsv(
      csv('rrr\n280100000001\n12345\nabcdefghijkl\n280100000001\n2801-0000-0001\n280100000003,x\n'),
      'a.csv',
    );
    expect(lines.map((l) => [l.lineNumber, l.problem])).toEqual([
      [2, null],
      [3, '"12345" is not an RRR: an RRR is 12 digits.'],
      [4, '"abcdefghijkl" is not an RRR: an RRR is 12 digits.'],
      [5, 'Duplicate of line 2.'],
      // The same RRR written in groups is still the same RRR.
      [6, 'Duplicate of line 2.'],
      [7, 'This line has 2 values; the header has 1.'],
    ]);
  });

  it('refuses a wrong header, naming what it found', async () => {
    const err = await refusal(csv('reference,amount\n280100000001,100\n'));
    expect(err.code).toBe('INVALID_FILE');
    expect(err.message).toBe(
      'The first line must be the header rrr (and optionally mdaCode); found "reference,amount".',
    );
    expect((await refusal(csv('280100000001\n280100000002\n'))).message).toContain(
      'found "280100000001"',
    );
    expect((await refusal(csv('rrr,rrr\n1,2\n'))).code).toBe('INVALID_FILE');
  });

  it('refuses an empty file, a header alone, and more than 10,000 rows', async () => {
    expect((await refusal(csv(''))).message).toContain('is empty');
    expect((await refusal(csv('\n\n'))).message).toContain('is empty');
    expect((await refusal(csv('rrr\n\n'))).message).toBe(
      'rrrs.csv has a header but no RRRs under it.',
    );
    const rows = Array.from({ length: 10_001 }, (_, i) => String(280100000000 + i)).join('\n');
    expect((await refusal(csv(`rrr\n${rows}\n`))).message).toBe(
      'rrrs.csv has 10,001 rows; at most 10,000 can be checked at once. Split it into smaller files.',
    );
    expect(
      await readRrrCsv(csv(`rrr\n${rows.slice(0, rows.lastIndexOf('\n'))}`), 'a.csv'),
    ).toHaveLength(10_000);
  });

  it('refuses binary files renamed .csv, text that is not UTF-8, and other file names', async () => {
    const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    expect((await refusal(xlsx, 'rrrs.csv')).message).toContain(
      'is not a CSV file: it holds binary data',
    );
    const latin1 = Buffer.from('rrr\n280100000001 \xe9\n', 'latin1');
    expect((await refusal(latin1)).message).toContain('is not a UTF-8 text file');
    expect((await refusal(csv('rrr\n280100000001\n'), 'rrrs.xlsx')).message).toBe(
      'Choose a .csv file; "rrrs.xlsx" is not one.',
    );
  });

  it('refuses a quote left open, with its line', async () => {
    const err = await refusal(csv('rrr\n"280100000001\n280100000002\n'));
    expect(err.code).toBe('INVALID_FILE');
    expect(err.message).toMatch(/^The file is not a valid CSV/);
  });
});
