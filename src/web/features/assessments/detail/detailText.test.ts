import { describe, expect, it } from 'vitest';
import type { AssessmentStatus } from '../../../../shared/assessments/enums';
import {
  daysLeftText,
  historyActionText,
  latePaymentSentence,
  objectionWindow,
  percentOf,
} from './detailText';

const owing = {
  dueDate: '2026-03-31',
  daysLate: 0,
  penaltyKobo: 0,
  interestKobo: 0,
  isPenaltyWaived: false,
  outstandingKobo: 10_000_000,
  status: 'issued' as AssessmentStatus,
};

describe('latePaymentSentence', () => {
  it('says nothing without a due date (a draft)', () => {
    expect(latePaymentSentence({ ...owing, dueDate: null })).toBeNull();
    expect(latePaymentSentence({ ...owing, status: 'cancelled' })).toBeNull();
  });

  it('names the due date when not late', () => {
    expect(latePaymentSentence(owing)).toMatch(/^Due on 31 Mar 2026\. Paid by then/);
  });

  it('itemises penalty and interest with the days late', () => {
    const text = latePaymentSentence({
      ...owing,
      daysLate: 12,
      penaltyKobo: 1_000_000,
      interestKobo: 32_877,
    });
    expect(text).toContain('12 days late');
    expect(text).toContain('₦10,000.00');
    expect(text).toContain('₦328.77');
    expect(text).toContain('₦100,000.00');
  });

  it('says a waiver, and a settled assessment, plainly', () => {
    expect(latePaymentSentence({ ...owing, isPenaltyWaived: true })).toMatch(/waived/);
    expect(latePaymentSentence({ ...owing, outstandingKobo: 0 })).toMatch(/Nothing is outstanding/);
  });
});

describe('objectionWindow', () => {
  it('ends 30 days after the notice day in Lagos', () => {
    // 23:30 UTC on 31 Jan is 1 Feb in Lagos: the window counts from 1 Feb.
    const window = objectionWindow('2026-01-31T23:30:00Z', new Date('2026-03-03T10:00:00Z'));
    expect(window.lastDay).toBe('2026-03-03');
    expect(window.isLate).toBe(false);
    expect(objectionWindow('2026-01-31T23:30:00Z', new Date('2026-03-04T10:00:00Z')).isLate).toBe(
      true,
    );
  });
});

describe('small texts', () => {
  it('counts the days left to answer an objection', () => {
    expect(daysLeftText(null)).toBeNull();
    expect(daysLeftText(0)).toBe('Answer due today');
    expect(daysLeftText(1)).toBe('1 day left to answer');
    expect(daysLeftText(45)).toBe('45 days left to answer');
    expect(daysLeftText(-3)).toBe('3 days overdue');
  });

  it('prints rates and history actions for people', () => {
    expect(percentOf(1_500)).toBe('15 %');
    expect(percentOf(750)).toBe('7.5 %');
    expect(historyActionText('assessment.penalty_waived')).toBe('Penalty and interest waived');
    expect(historyActionText('assessment.something_new')).toBe('Something new');
  });
});
