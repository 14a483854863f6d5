import { randomUUID } from 'node:crypto';
import type { OwnSession, ProfilePatch, ProfileView } from '../../../shared/officers';
import type { Actor } from '../../auth/actor';
import { revokeOfficerSessions, SESSION_IDLE_MS } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { mimeOfKey } from '../../files/images';
import { normalizePhoto } from '../../files/photos';
import type { FileStore } from '../../files/store';
import { recordAudit } from '../audit/service';
import { createOfficerService } from '../officers/service';
import { selectLiveSessions } from './queries';
import { describeUserAgent } from './userAgent';

function ownId(actor: Actor): string {
  if (!actor.officerId) throw new AppError('UNAUTHENTICATED');
  return actor.officerId;
}

/**
 * The signed-in officer's own account: details, e-mail and phone,
 * profile picture (stored and checked as taxpayers' photos are), and their sessions.
 */
export function createProfileService({ db, files }: { db: Db; files: FileStore }) {
  const officers = createOfficerService({ db });

  return {
    getProfile: (actor: Actor): Promise<ProfileView> => officers.getProfile(actor),

    updateProfile: (actor: Actor, patch: ProfilePatch): Promise<ProfileView> =>
      officers.updateProfile(actor, patch),

    async setPhoto(actor: Actor, uploaded: Buffer): Promise<ProfileView> {
      const { bytes, type } = await normalizePhoto(uploaded);
      const key = `officers/${ownId(actor)}/photo-${randomUUID()}.${type.extension}`;
      // The file first: a row never points at a file that is not there. A failed transaction
      // leaves an unreferenced file behind, which costs disk, never correctness.
      await files.put(key, bytes);
      return officers.setOwnPhotoKey(actor, key, { bytes: bytes.length, type: type.mime });
    },

    async getPhoto(actor: Actor): Promise<{ bytes: Buffer; contentType: string }> {
      const key = await officers.ownPhotoKey(actor);
      const bytes = key ? await files.get(key) : null;
      const contentType = key ? mimeOfKey(key) : null;
      if (!key || !bytes || !contentType) {
        throw new AppError('NOT_FOUND', 'You have not uploaded a profile picture.');
      }
      return { bytes, contentType };
    },

    async listSessions(actor: Actor): Promise<{ items: OwnSession[] }> {
      const rows = await selectLiveSessions(db, ownId(actor), {
        now: new Date(),
        idleMs: SESSION_IDLE_MS,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          ip: row.ip,
          browser: describeUserAgent(row.userAgent),
          isCurrent: row.id === actor.sessionId,
        })),
      };
    },

    /** "Sign out everywhere else": every session of the officer but the one asking. */
    async revokeOtherSessions(actor: Actor): Promise<{ revoked: number }> {
      const officerId = ownId(actor);
      return db.transaction(async (tx) => {
        const revoked = await revokeOfficerSessions(
          tx,
          officerId,
          'signed_out_elsewhere',
          actor.sessionId,
        );
        if (revoked > 0) {
          await recordAudit(tx, actor, {
            action: 'auth.other_sessions_revoked',
            entityType: 'officer',
            entityId: officerId,
            after: { revoked },
          });
        }
        return { revoked };
      });
    },
  };
}
