import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../shared/userTypes';
import { mdas } from '../db/schema';
import { isMdaInScope, MDA_SCOPED_USER_TYPES, mdaScopeOf, whereInActorMdas } from './mdaScope';

const HEALTH = '11111111-1111-4111-8111-111111111111';
const LANDS = '22222222-2222-4222-8222-222222222222';
const dialect = new PgDialect();

describe('mdaScopeOf', () => {
  it('binds MDA officers and MDA administrators to their privileges', () => {
    for (const userType of MDA_SCOPED_USER_TYPES) {
      const scope = mdaScopeOf({ userType, mdaPrivileges: [HEALTH] });
      expect(scope).toEqual({ all: false, mdaIds: [HEALTH] });
      expect(isMdaInScope(scope, HEALTH)).toBe(true);
      expect(isMdaInScope(scope, LANDS)).toBe(false);
    }
  });

  it('lets every service-wide user type, and the system, see every MDA', () => {
    const serviceWide = USER_TYPES.filter(
      (t) => !(MDA_SCOPED_USER_TYPES as readonly string[]).includes(t),
    );
    expect(serviceWide).toHaveLength(USER_TYPES.length - 2);
    for (const userType of [...serviceWide, null]) {
      // Privileges held by a service-wide officer do not narrow what they see.
      expect(mdaScopeOf({ userType, mdaPrivileges: [HEALTH] })).toEqual({ all: true });
    }
  });
});

describe('whereInActorMdas', () => {
  it('adds no condition for the whole state', () => {
    expect(whereInActorMdas({ userType: 'ADMIN', mdaPrivileges: [] }, mdas.id)).toBeUndefined();
  });

  it('limits to the privileges, as bound parameters', () => {
    const condition = whereInActorMdas(
      { userType: 'OFFICER_MDA', mdaPrivileges: [HEALTH, LANDS] },
      mdas.id,
    );
    const query = dialect.sqlToQuery(condition as NonNullable<typeof condition>);
    expect(query.sql).toBe('"mdas"."id" in ($1, $2)');
    expect(query.params).toEqual([HEALTH, LANDS]);
  });

  it('matches nothing for an MDA officer without a privilege', () => {
    const condition = whereInActorMdas(
      { userType: 'OFFICER_MDA_ADMIN', mdaPrivileges: [] },
      mdas.id,
    );
    expect(dialect.sqlToQuery(condition as NonNullable<typeof condition>).sql).toBe('false');
  });
});
