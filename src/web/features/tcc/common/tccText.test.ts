import { describe, expect, it } from 'vitest';
import { TCC_WAIT_WARNING_DAYS } from '../../../../shared/tcc/enums';
import { tccScreenAt } from '../../../../shared/tcc/lists';
import {
  awaitedText,
  bulkApproveStage,
  historyText,
  isWaitingTooLong,
  lastResubmission,
  latestReason,
  tccSortText,
  waitingText,
} from './tccText';

describe('waiting', () => {
  it('highlights a certificate waiting past the warning, not one waiting exactly that long', () => {
    const status = 'pending_director_collection' as const;
    expect(isWaitingTooLong({ status, waitingDays: TCC_WAIT_WARNING_DAYS })).toBe(false);
    expect(isWaitingTooLong({ status, waitingDays: TCC_WAIT_WARNING_DAYS + 1 })).toBe(true);
  });

  it('never highlights a decided certificate, however old', () => {
    expect(isWaitingTooLong({ status: 'approved', waitingDays: 400 })).toBe(false);
    expect(waitingText({ status: 'printed', waitingDays: 400 })).toBe('—');
  });

  it('counts an approved one as waiting to be printed, without the decision warning', () => {
    expect(waitingText({ status: 'approved', waitingDays: 3 })).toBe('3 days');
    expect(awaitedText('approved')).toBe('Approved: waiting for the printing officer');
  });

  it('counts a rejected one as waiting on its officer', () => {
    expect(isWaitingTooLong({ status: 'rejected_chairman', waitingDays: 30 })).toBe(true);
    expect(awaitedText('rejected_chairman')).toMatch(/amend and resubmit/);
  });

  it('says the days in words', () => {
    const status = 'pending_chairman' as const;
    expect(waitingText({ status, waitingDays: 0 })).toBe('Today');
    expect(waitingText({ status, waitingDays: 1 })).toBe('1 day');
    expect(waitingText({ status, waitingDays: 12 })).toBe('12 days');
  });
});

describe('awaitedText', () => {
  it('names the stage a pending certificate waits on', () => {
    expect(awaitedText('pending_director_assessment')).toBe(
      "Waiting for the Director of Assessment's decision",
    );
    expect(awaitedText('awaiting_payment')).toMatch(/fee/);
    expect(awaitedText('printed')).toBeNull();
  });
});

describe('bulkApproveStage', () => {
  const pending = tccScreenAt('taxs/pending-da-tcc-collection');
  const rejected = tccScreenAt('taxs/rejected-da-tcc-collection');

  it('offers "Approve selected" on a stage’s pending list to that stage only', () => {
    if (!pending || !rejected) throw new Error('SPEC screens missing');
    expect(bulkApproveStage(pending, ['tcc:read', 'tcc:approve:director_collection'])).toBe(
      'director_collection',
    );
    expect(bulkApproveStage(pending, ['tcc:read', 'tcc:approve:director_assessment'])).toBeNull();
    expect(bulkApproveStage(rejected, ['tcc:approve:director_collection'])).toBeNull();
  });
});

describe('history', () => {
  it('names the stage of a decision', () => {
    expect(historyText({ action: 'rejected', stage: 'chairman' })).toBe('Rejected by the Chairman');
    expect(historyText({ action: 'printed', stage: null })).toBe('Printed');
  });

  it('finds the latest rejection’s reason after a resubmission and a second rejection', () => {
    const history = [
      { action: 'rejected' as const, comment: 'First reason', at: '2026-01-02T10:00:00Z' },
      { action: 'resubmitted' as const, comment: 'Fixed', at: '2026-01-03T10:00:00Z' },
      { action: 'rejected' as const, comment: 'Second reason', at: '2026-01-04T10:00:00Z' },
    ];
    expect(latestReason(history, 'rejected')).toBe('Second reason');
    expect(latestReason(history, 'revoked')).toBeNull();
  });
});

describe('lastResubmission', () => {
  const officer = { id: '00000000-0000-4000-8000-000000000001', name: 'Ebi Officer' };
  const director = { id: '00000000-0000-4000-8000-000000000002', name: 'Dr Tari' };
  const generated = {
    action: 'generated',
    comment: null,
    at: '2026-11-01T09:00:00Z',
    actor: officer,
    stage: null,
  } as const;
  const rejected = {
    action: 'rejected',
    comment: 'The address is the old one',
    at: '2026-11-02T09:00:00Z',
    actor: director,
    stage: 'director_collection',
  } as const;
  const resubmitted = {
    action: 'resubmitted',
    comment: 'Corrected the address',
    at: '2026-11-03T09:00:00Z',
    actor: officer,
    stage: null,
  } as const;

  it('says the rejection it answered and what was changed', () => {
    expect(lastResubmission([resubmitted, rejected, generated])).toEqual({
      at: resubmitted.at,
      by: 'Ebi Officer',
      note: 'Corrected the address',
      rejection: {
        at: rejected.at,
        by: 'the Director of Collection',
        reason: 'The address is the old one',
      },
    });
  });

  it('is nothing for a certificate never resubmitted, or rejected again since', () => {
    expect(lastResubmission([generated, rejected])).toBeNull();
    expect(
      lastResubmission([
        generated,
        rejected,
        resubmitted,
        { ...rejected, at: '2026-11-04T09:00:00Z' },
      ]),
    ).toBeNull();
  });
});

describe('tccSortText', () => {
  it('says a queue puts the longest waiting first', () => {
    expect(tccSortText('-waiting')).toMatch(/waited longest/);
    expect(tccSortText('queue')).toMatch(/waiting to be printed first/);
    expect(tccSortText('-generatedAt')).toMatch(/newest first/);
  });
});
