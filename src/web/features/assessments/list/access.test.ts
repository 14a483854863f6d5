import { describe, expect, it } from 'vitest';
import { mayWorkOnKind } from './access';

describe('mayWorkOnKind', () => {
  const da = { userType: 'OFFICER_DA' as const, permissions: ['assessment:create'] };

  it('needs the permission and the kind', () => {
    expect(mayWorkOnKind(da, 'assessment:create', 'direct')).toBe(true);
    expect(mayWorkOnKind(da, 'assessment:create', 'presumptive')).toBe(false);
    expect(mayWorkOnKind(da, 'assessment:backlog', 'direct')).toBe(false);
  });

  it('refuses an officer whose type works with no kind, or no officer yet', () => {
    const executive = { userType: 'EXECUTIVE' as const, permissions: ['assessment:create'] };
    expect(mayWorkOnKind(executive, 'assessment:create', 'direct')).toBe(false);
    expect(mayWorkOnKind(undefined, 'assessment:create', 'direct')).toBe(false);
    expect(
      mayWorkOnKind(
        { userType: null, permissions: ['assessment:create'] },
        'assessment:create',
        'direct',
      ),
    ).toBe(false);
  });
});
