import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api';
import { describeFailure } from '../../lib/failures/failure';
import { batchFileError, mdaFieldError, rrrFieldError } from './validation';

describe('the RRR field', () => {
  it('asks for the RRR when empty, and for 12 digits otherwise', () => {
    expect(rrrFieldError('')).toBe('Enter the RRR');
    expect(rrrFieldError('   ')).toBe('Enter the RRR');
    expect(rrrFieldError('2801-2345')).toBe('An RRR is 12 digits');
    expect(rrrFieldError('2801234567890')).toBe('An RRR is 12 digits');
    expect(rrrFieldError('28012345678a')).toBe('An RRR is 12 digits');
  });

  it('takes the RRR as payers write it: with dashes or spaces', () => {
    expect(rrrFieldError('280123456789')).toBeNull();
    expect(rrrFieldError('2801-2345-6789')).toBeNull();
    expect(rrrFieldError(' 2801 2345 6789 ')).toBeNull();
  });
});

describe('the MDA field', () => {
  it('needs an MDA chosen from the list', () => {
    expect(mdaFieldError(null)).toBe('Choose the MDA the RRR was paid to');
    expect(mdaFieldError('0190b6a4-8f0e-7c3d-9a4e-2b1c3d4e5f60')).toBeNull();
  });
});

describe('the batch file', () => {
  it('is refused in the browser when it is not a .csv or is over 2 MB', () => {
    expect(batchFileError(null)).toBe('Choose the CSV file of RRRs');
    expect(batchFileError({ name: 'rrrs.xlsx', size: 10 })).toContain('is not a .csv file');
    expect(batchFileError({ name: 'rrrs.csv', size: 0 })).toBe('rrrs.csv is empty.');
    expect(batchFileError({ name: 'rrrs.csv', size: 2 * 1024 * 1024 + 1 })).toContain(
      'larger than 2 MB',
    );
    expect(batchFileError({ name: 'RRRS.CSV', size: 2 * 1024 * 1024 })).toBeNull();
  });
});

describe('a failed check', () => {
  it("gives the server's reason and what the officer can do", () => {
    const failure = describeFailure(
      'The RRR could not be checked',
      new ApiError({
        status: 422,
        code: 'REMITA_NOT_CONFIGURED',
        message: 'Judiciary has no Remita merchant ID or API key yet.',
      }),
    );
    expect(failure.message).toBe('Judiciary has no Remita merchant ID or API key yet.');
    expect(failure.whatToDo).toContain('Manage MDA page');
  });

  it('still says something useful for a code it has no advice for', () => {
    const failure = describeFailure(
      'x',
      new ApiError({ status: 500, code: 'INTERNAL', message: 'Something failed.' }),
    );
    expect(failure.whatToDo).toBe('Try again. If it keeps failing, tell the IT unit.');
  });
});
