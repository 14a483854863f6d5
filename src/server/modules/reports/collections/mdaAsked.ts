import type { Actor } from '../../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { selectMda } from './queries';

/**
 * The MDA a report is asked for, when the officer may see it. An MDA outside their scope is
 * answered as one that does not exist (404), so a report never says whether another MDA's id
 * is real, let alone its figures (docs/architecture.md §4).
 */
export async function mdaAskedFor(db: Db, actor: Actor, mdaId: string) {
  const mda = isMdaInScope(mdaScopeOf(actor), mdaId) ? await selectMda(db, mdaId) : null;
  if (!mda) throw new AppError('NOT_FOUND', 'No MDA with that id among the MDAs you may see.');
  return mda;
}
