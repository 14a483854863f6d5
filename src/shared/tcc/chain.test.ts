import { describe, expect, it } from 'vitest';
import {
  isAmendable,
  isPrintable,
  isRevocable,
  stageAwaited,
  statusAfterApproval,
  statusAfterRejection,
} from './chain';
import { TCC_STAGES, TCC_STATUSES } from './enums';

describe('the TCC chain (docs/architecture.md §5)', () => {
  it('walks the three stages in order to approved', () => {
    let status = 'pending_director_assessment' as (typeof TCC_STATUSES)[number];
    const seen: string[] = [];
    for (;;) {
      const stage = stageAwaited(status);
      if (!stage) break;
      seen.push(stage);
      status = statusAfterApproval(stage);
    }
    expect(seen).toEqual([...TCC_STAGES]);
    expect(status).toBe('approved');
  });

  it('sends a rejection back to the officer, who may amend it', () => {
    for (const stage of TCC_STAGES) {
      const rejected = statusAfterRejection(stage);
      expect(isAmendable(rejected)).toBe(true);
      expect(stageAwaited(rejected)).toBeNull();
    }
  });

  it('waits on no approver outside the pending statuses', () => {
    const waiting = TCC_STATUSES.filter((status) => stageAwaited(status) !== null);
    expect(waiting).toEqual([
      'pending_director_assessment',
      'pending_director_collection',
      'pending_chairman',
    ]);
  });

  it('revokes and prints only a certificate that exists', () => {
    expect(TCC_STATUSES.filter(isRevocable)).toEqual(['approved', 'printed']);
    expect(TCC_STATUSES.filter(isPrintable)).toEqual(['approved', 'printed']);
  });
});
