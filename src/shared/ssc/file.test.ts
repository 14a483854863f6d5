import { describe, expect, it } from 'vitest';
import { describeSscProblems, parseGradeLevel, readSscHeader, readSscRows } from './file';

const row = (line: number, staff_id: string, name: string, grade_level: string, pay: string) => ({
  line,
  cells: { staff_id, name, grade_level, gross_monthly_pay: pay },
});

describe('readSscHeader', () => {
  it('reads the columns in any order and case', () => {
    const read = readSscHeader(['Name', 'Staff ID', 'Gross Monthly Pay', 'grade_level', '']);
    expect(read).toEqual({
      ok: true,
      columns: { staff_id: 1, name: 0, grade_level: 3, gross_monthly_pay: 2 },
    });
  });

  it('names what is missing and unknown', () => {
    const read = readSscHeader(['staff_id', 'name', 'grade', 'pay']);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.problem).toContain('missing grade_level, gross_monthly_pay');
      expect(read.problem).toContain('unknown "grade", "pay"');
    }
  });
});

describe('parseGradeLevel', () => {
  it.each([
    ['8', 8],
    ['08', 8],
    ['GL 8', 8],
    ['gl08', 8],
    ['GL-17', 17],
  ])('%s → %s', (text, level) => expect(parseGradeLevel(text)).toBe(level));
  it.each(['0', '18', 'eight', '', '8.5'])('%s is not one', (text) =>
    expect(parseGradeLevel(text)).toBeNull(),
  );
});

describe('readSscRows', () => {
  const upTo16 = (level: number) => level <= 16;

  it('reads good rows', () => {
    const read = readSscRows([row(2, 'A1', ' Ada  Obi ', 'GL 7', '150,000.50')], upTo16);
    expect(read).toEqual({
      ok: true,
      rows: [{ line: 2, staffId: 'A1', name: 'Ada Obi', gradeLevel: 7, grossKobo: 15_000_050 }],
    });
  });

  it('refuses a cell no database stores (a NUL byte, a lone surrogate), naming its row and field', () => {
    const read = readSscRows(
      [row(2, 'A\u00001', 'Ada', '7', '1000'), row(3, 'A2', 'Bola \uD800', '7', '1000')],
      upTo16,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'staff_id'],
      [3, 'name'],
    ]);
    expect(read.problems[0]?.message).toContain('invisible or broken characters');
  });

  it('names each row and field: duplicate staff id, non-numeric pay, unknown grade level', () => {
    const read = readSscRows(
      [
        row(2, 'A1', 'Ada', '7', '1000'),
        row(3, 'a1', 'Bola', '7', '1000'),
        row(4, 'A3', 'Chi', '7', 'ten thousand'),
        row(5, 'A4', 'Dayo', '17', '1000'),
        row(6, 'A5', '', 'x', '0'),
      ],
      upTo16,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((p) => [p.line, p.field])).toEqual([
      [3, 'staff_id'],
      [4, 'gross_monthly_pay'],
      [5, 'grade_level'],
      [6, 'name'],
      [6, 'grade_level'],
      [6, 'gross_monthly_pay'],
    ]);
    expect(read.problems[0]?.message).toContain('line 2');
    expect(read.problems[2]?.message).toContain('no SSC rate');
    expect(describeSscProblems(read.problems, 2)).toContain('… and 4 more.');
  });
});
