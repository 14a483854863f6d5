import { describe, expect, it } from 'vitest';
import { pendingTrendNote } from './standing';

describe('pendingTrendNote', () => {
  it('none pending: no note', () => {
    expect(pendingTrendNote([{ month: '2026-01' }, { month: '2026-02' }])).toBeNull();
  });

  it('names up to three months, and a range beyond', () => {
    expect(pendingTrendNote([{ month: '2026-01', pending: true }, { month: '2026-02' }])).toBe(
      'Being computed: January 2026. The server stores each closed month’s figures after it starts; this month is blank until stored.',
    );
    const four = ['2025-10', '2025-11', '2025-12', '2026-01'].map((month) => ({
      month,
      pending: true as const,
    }));
    expect(pendingTrendNote(four)).toBe(
      'Being computed: 4 months (October 2025 to January 2026). The server stores each closed month’s figures after it starts; these months are blank until stored.',
    );
  });
});
