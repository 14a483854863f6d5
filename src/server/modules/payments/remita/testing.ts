import type { UserType } from '../../../../shared/userTypes';
import { officerMdaPrivileges } from '../../../db/schema';
import type { TestContext } from '../../../testing/context';
import { createOfficer, type SignedIn, signIn } from '../../../testing/factories';

/** Helpers of the Remita-facing payments tests (not a test file itself). */

/** An officer of an MDA-bound type holding these MDAs' privileges, signed in. */
export async function signInForMdas(
  ctx: TestContext,
  userType: Extract<UserType, 'OFFICER_MDA' | 'OFFICER_MDA_ADMIN'>,
  mdaIds: string[],
): Promise<SignedIn> {
  const officer = await createOfficer(ctx, { userType });
  if (mdaIds.length > 0) {
    await ctx.db
      .insert(officerMdaPrivileges)
      .values(mdaIds.map((mdaId) => ({ officerId: officer.id, mdaId })));
  }
  return signIn(ctx, officer);
}
