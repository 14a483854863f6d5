import { describe, expect, it } from 'vitest';
import { hasPermission, type Permission } from '../../../shared/permissions';
import { USER_TYPES, type UserType } from '../../../shared/userTypes';
import { type Access, accessOfPinned, matrixChanges, pinnedAllows } from './changes';
import { PINNED_HOLDERS, PINNED_ROUTES } from './pinned';

/** How the access matrix test words a change (ADR 0005): by route and by user type. */
const pinned = { routes: PINNED_ROUTES, holders: PINNED_HOLDERS };
const liveAsPinned = () =>
  new Map<string, Access>(
    Object.entries(PINNED_ROUTES).map(([key, access]) => [key, accessOfPinned(access)]),
  );

describe('matrixChanges', () => {
  it('finds nothing when the app is as pinned', () => {
    expect(matrixChanges(liveAsPinned(), hasPermission, pinned)).toEqual([]);
  });

  it('names each route and user type a widened permission lets in', () => {
    const holds = (userType: UserType, permission: Permission) =>
      hasPermission(userType, permission) ||
      (userType === 'OFFICER_MDA' && permission === 'audit:read');
    expect(matrixChanges(liveAsPinned(), holds, pinned)).toEqual([
      'GET /api/v1/audit-events: WIDENED, OFFICER_MDA is now let in',
      'GET /api/v1/audit-events/actions: WIDENED, OFFICER_MDA is now let in',
      'GET /api/v1/audit-events/verify: WIDENED, OFFICER_MDA is now let in',
      "'audit:read': WIDENED, OFFICER_MDA now holds it",
    ]);
  });

  it('names a new route, and a route given a looser permission, with who may now call it', () => {
    const live = liveAsPinned();
    live.set('GET /api/v1/payments/summary', { permission: 'payment:match' });
    live.set('GET /api/v1/audit-events', { permission: 'officer:read' });
    live.set('POST /api/v1/officers', { public: true });
    const changes = matrixChanges(live, hasPermission, pinned);
    expect(changes).toContain(
      "GET /api/v1/payments/summary is new: it requires 'payment:match' (ADMIN); add it to pinned.ts",
    );
    expect(changes).toContain(
      "GET /api/v1/audit-events now requires 'officer:read'; pinned.ts says 'audit:read'",
    );
    expect(changes).toContain('POST /api/v1/officers: WIDENED, EXECUTIVE is now let in');
    expect(changes.filter((c) => c.startsWith('POST /api/v1/officers: WIDENED'))).toHaveLength(16);
  });

  it('names a route that is gone', () => {
    const live = liveAsPinned();
    live.delete('GET /api/v1/tcc');
    expect(matrixChanges(live, hasPermission, pinned)).toEqual([
      'GET /api/v1/tcc is in pinned.ts but no longer served',
    ]);
  });

  it("lets in a holder of any one of a route's permissions, and names a change of them", () => {
    const key = 'POST /api/v1/tcc/{id}/approve';
    const decides = USER_TYPES.filter((userType) => pinnedAllows(pinned, key, userType));
    expect(decides).toEqual(['DIRECTOR_ASSESSMENT', 'DIRECTOR_COLLECTION', 'TCC_CHAIRMAN']);

    const live = liveAsPinned();
    live.set(key, { anyPermission: ['tcc:approve:director_assessment', 'tcc:approve:chairman'] });
    expect(matrixChanges(live, hasPermission, pinned)).toEqual([
      `${key} now requires any of 'tcc:approve:chairman', 'tcc:approve:director_assessment'; pinned.ts says any of 'tcc:approve:chairman', 'tcc:approve:director_assessment', 'tcc:approve:director_collection'`,
      `${key}: narrowed, DIRECTOR_COLLECTION is now refused`,
    ]);
    live.set(key, { permission: 'tcc:read' });
    expect(matrixChanges(live, hasPermission, pinned)).toContain(
      `${key}: WIDENED, ADMIN is now let in`,
    );
  });
});
