import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, ROLE_PERMISSIONS } from './permissions';
import {
  TCC_GENERATE_PERMISSION,
  TCC_KINDS,
  TCC_KINDS_OF,
  TCC_STAGE_PERMISSION,
} from './tcc/enums';
import { USER_TYPES } from './userTypes';

describe('the permission map', () => {
  it('covers the 17 user types of docs/product.md §6 and nothing else', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...USER_TYPES].sort());
    expect(USER_TYPES).toHaveLength(17);
  });

  it('lets every officer manage their own account, look up taxpayers and check an RRR', () => {
    for (const userType of USER_TYPES) {
      expect(hasPermission(userType, 'account:self')).toBe(true);
      expect(hasPermission(userType, 'rrr:check')).toBe(true);
      expect(hasPermission(userType, 'taxpayer:lookup')).toBe(true);
    }
  });

  it('keeps officer administration, the batch RRR check and the EVAS check for ADMIN only (docs/product.md §6)', () => {
    for (const permission of [
      'officer:read',
      'officer:write',
      'rrr:check:batch',
      'evas:check',
      'rrr:repush',
      'payment:reverse',
      'payment:match',
      'letterhead:write',
    ] as const) {
      const holders = USER_TYPES.filter((t) => hasPermission(t, permission));
      expect(holders, permission).toEqual(['ADMIN']);
    }
  });

  it('lets the officers who meet taxpayers keep the registry', () => {
    const keepers = USER_TYPES.filter((t) => hasPermission(t, 'taxpayer:write'));
    expect(keepers.sort()).toEqual(
      [
        'ADMIN',
        'ASSESSMENT_OFFICER',
        'OFFICER_DA',
        'OFFICER_PA',
        'OFFICER_PAYEE',
        'OFFICER_STAMP_DUTY',
      ].sort(),
    );
    for (const userType of keepers) expect(hasPermission(userType, 'taxpayer:read')).toBe(true);
    for (const userType of ['OFFICER_MDA', 'OFFICER_BENJIS', 'DG_BUDGET'] as const) {
      expect(hasPermission(userType, 'taxpayer:read'), userType).toBe(false);
    }
  });

  it('shows payment history to those docs/product.md §2 sends to taxs/payment-history, and to approvers', () => {
    for (const userType of ['OFFICER_DA', 'OFFICER_PA', 'OFFICER_MDA', 'ADMIN'] as const) {
      expect(hasPermission(userType, 'payment:read'), userType).toBe(true);
    }
    for (const userType of ['OFFICER_BENJIS', 'OFFICER_BENJIS_READ', 'PRINTING_OFFICER'] as const) {
      expect(hasPermission(userType, 'payment:read'), userType).toBe(false);
    }
    // Whoever may raise a bill may see what it became.
    for (const userType of USER_TYPES.filter((t) => hasPermission(t, 'invoice:write'))) {
      expect(hasPermission(userType, 'payment:read'), userType).toBe(true);
    }
  });

  it('grants only known permissions', () => {
    for (const granted of Object.values(ROLE_PERMISSIONS)) {
      for (const p of granted) expect(PERMISSIONS).toContain(p);
    }
  });

  it('gives each TCC stage to one user type, and revocation to the chairman (docs/architecture.md §5)', () => {
    const holders = (permission: (typeof PERMISSIONS)[number]) =>
      USER_TYPES.filter((t) => hasPermission(t, permission));
    expect(holders(TCC_STAGE_PERMISSION.director_assessment)).toEqual(['DIRECTOR_ASSESSMENT']);
    expect(holders(TCC_STAGE_PERMISSION.director_collection)).toEqual(['DIRECTOR_COLLECTION']);
    expect(holders(TCC_STAGE_PERMISSION.chairman)).toEqual(['TCC_CHAIRMAN']);
    expect(holders('tcc:revoke')).toEqual(['TCC_CHAIRMAN']);
    expect(holders('tcc:print')).toEqual(['PRINTING_OFFICER']);
  });

  it('lets an officer generate only the TCC kinds they read, and never approve', () => {
    for (const userType of USER_TYPES) {
      for (const kind of TCC_KINDS) {
        if (hasPermission(userType, TCC_GENERATE_PERMISSION[kind])) {
          expect((TCC_KINDS_OF[userType] as readonly string[]).includes(kind), userType).toBe(true);
          expect(hasPermission(userType, 'tcc:read')).toBe(true);
          for (const stage of Object.values(TCC_STAGE_PERMISSION)) {
            expect(hasPermission(userType, stage), `${userType} ${stage}`).toBe(false);
          }
        }
      }
      if (!hasPermission(userType, 'tcc:read')) expect(TCC_KINDS_OF[userType]).toEqual([]);
    }
  });
});
