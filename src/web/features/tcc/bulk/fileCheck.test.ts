import { describe, expect, it } from 'vitest';
import { payrollFileError } from './fileCheck';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('payrollFileError', () => {
  it('accepts a CSV or an XLSX of up to 5 MB', () => {
    expect(payrollFileError(file('payroll.csv', 10))).toBeNull();
    expect(payrollFileError(file('PAYROLL.XLSX', 5 * 1024 * 1024))).toBeNull();
  });

  it('says why another file cannot be sent', () => {
    expect(payrollFileError(null)).toContain('Choose the payroll file');
    expect(payrollFileError(file('payroll.pdf', 10))).toContain('is neither');
    expect(payrollFileError(file('payroll.csv', 0))).toContain('is empty');
    expect(payrollFileError(file('payroll.csv', 5 * 1024 * 1024 + 1))).toContain(
      'larger than 5 MB',
    );
  });
});
