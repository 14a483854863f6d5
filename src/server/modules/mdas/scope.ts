import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { lockMda, type MdaRow } from './queries';

/** Also the answer for an MDA outside the actor's scope: its existence is not theirs to learn. */
export function mdaNotFound(): AppError {
  return new AppError('NOT_FOUND', 'No MDA has this id.');
}

/** The MDA locked for a change until the transaction ends (two edits take turns), or 404. */
export async function lockMdaInScope(tx: Db, actor: Actor, id: string): Promise<MdaRow> {
  const row = await lockMda(tx, id);
  if (!row || !isMdaInScope(mdaScopeOf(actor), id)) throw mdaNotFound();
  return row;
}
