import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLinks } from '../../../shared/menu';
import { EXPECTED_LINKS } from '../../../shared/menu/specMenu.fixture';
import { USER_TYPES } from '../../../shared/userTypes';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/auth/me: the menu of every user type (docs/product.md §2, §6)', () => {
  it.each(USER_TYPES)(
    '%s gets exactly the links docs/product.md gives the role',
    async (userType) => {
      const s = await signInAs(ctx, userType);
      const res = await ctx.app.inject({ url: '/api/v1/auth/me', headers: s.bearer });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user.userType).toBe(userType);
      expect(body.user.username).toBe(s.officer.username);
      expect(menuLinks(body.menu).sort()).toEqual([...EXPECTED_LINKS[userType]].sort());
      // Hidden items (status false) never reach the browser.
      expect(JSON.stringify(body.menu)).not.toContain('"status":false');
    },
  );

  it('answers the permissions the web uses to show the check entries', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const adminMe = (
      await ctx.app.inject({ url: '/api/v1/auth/me', headers: admin.bearer })
    ).json();
    const officerMe = (
      await ctx.app.inject({ url: '/api/v1/auth/me', headers: officer.bearer })
    ).json();
    expect(adminMe.permissions).toEqual(
      expect.arrayContaining(['rrr:check', 'rrr:check:batch', 'evas:check']),
    );
    expect(officerMe.permissions).toContain('rrr:check');
    expect(officerMe.permissions).not.toContain('rrr:check:batch');
    expect(officerMe.permissions).not.toContain('evas:check');
  });
});
