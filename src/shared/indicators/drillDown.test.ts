import { describe, expect, it } from 'vitest';
import { hasPermission } from '../permissions';
import { INDICATORS } from './definitions';
import { drillDownPageOf } from './drillDown';

/** The roles the Service performance page is for (docs/indicators.md). */
const READERS = ['TCC_CHAIRMAN', 'EXECUTIVE', 'ADMIN'] as const;

describe('the records behind each indicator', () => {
  it('every drill-down names a page whose permission is known', () => {
    for (const item of INDICATORS) {
      if (item.drillDown) expect(drillDownPageOf(item.drillDown), item.key).toBeDefined();
    }
  });

  it('which of the page’s readers open each one (the others are told, not linked)', () => {
    const opens = Object.fromEntries(
      INDICATORS.filter((i) => i.drillDown).map((i) => {
        const page = drillDownPageOf(i.drillDown ?? '');
        return [i.key, READERS.filter((r) => page && hasPermission(r, page.permission))];
      }),
    );
    expect(opens).toMatchObject({
      'electronic-payment': ['TCC_CHAIRMAN', 'EXECUTIVE', 'ADMIN'],
      'suspense-value': ['EXECUTIVE', 'ADMIN'],
      'objections-within-90-days': ['TCC_CHAIRMAN', 'ADMIN'],
    });
  });
});
