import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { SERVICE_NAME } from '../../documents/pdf';
import { createDatabaseFileStore } from '../../files/store';
import { recordAudit } from '../../modules/audit/service';
import type { Db } from '../client';
import { letterhead, officers } from '../schema';
import { demoUsername } from './demo';
import { findOfficerIdByUsername } from './queries';

/**
 * The demo's crest and the chairman's signature, drawn here in code (no image is shipped or
 * fetched): plain shapes that show where the real ones print.
 */

/** A plain shield on a transparent ground: a blue field, a gold band, a white "BIRS". */
export function drawDemoCrest(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <path d="M120 12 L212 44 L212 120 C212 176 170 212 120 228 C70 212 28 176 28 120 L28 44 Z"
        fill="#1a4d8f" stroke="#c9a227" stroke-width="10"/>
  <rect x="28" y="104" width="184" height="34" fill="#c9a227"/>
  <circle cx="120" cy="70" r="22" fill="#ffffff"/>
  <path d="M72 176 L120 150 L168 176" stroke="#ffffff" stroke-width="9" fill="none" stroke-linecap="round"/>
  <text x="120" y="129" font-family="sans-serif" font-size="26" font-weight="bold"
        fill="#1a4d8f" text-anchor="middle">BIRS</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A signature-like stroke in dark blue ink on a transparent ground. */
export function drawDemoSignature(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120" viewBox="0 0 360 120">
  <path d="M14 92 C 30 20, 52 20, 48 70 S 70 110, 92 58 C 104 30, 118 34, 112 76
           C 108 100, 132 96, 146 64 C 158 40, 172 46, 168 78 C 166 96, 190 92, 204 66
           C 218 42, 236 40, 240 70 C 244 96, 270 90, 290 60 C 304 40, 322 44, 346 38"
        stroke="#1b2a6b" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M40 104 C 120 96, 220 100, 330 90" stroke="#1b2a6b" stroke-width="3" fill="none"
        stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * The demo's letterhead (the board's name as seed/mdas.ts writes it, the drawn crest) and the
 * demo chairman's signature, so every demo document prints both. Idempotent: a letterhead an
 * administrator already set, or a signature the chairman already uploaded, is left alone.
 */
export async function seedDemoPaperwork(db: Db, config: Config): Promise<void> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const actor = systemActor('seed');
  const files = createDatabaseFileStore(db);
  const [existing] = await db.select({ id: letterhead.id }).from(letterhead).limit(1);
  if (!existing) {
    const crest = await drawDemoCrest();
    const key = 'letterhead/crest-demo.png';
    await db.transaction(async (tx) => {
      await createDatabaseFileStore(tx).put(key, crest);
      await tx.insert(letterhead).values({ id: 1, serviceName: SERVICE_NAME, crestKey: key });
      await recordAudit(tx, actor, {
        action: 'letterhead.crest_changed',
        entityType: 'letterhead',
        entityId: 'letterhead',
        before: { crest: null },
        after: { crest: key, serviceName: SERVICE_NAME, bytes: crest.length, type: 'image/png' },
      });
    });
  }
  const chairmanId = await findOfficerIdByUsername(db, demoUsername('TCC_CHAIRMAN'));
  if (!chairmanId) return;
  const [chairman] = await db
    .select({ signatureKey: officers.signatureKey })
    .from(officers)
    .where(eq(officers.id, chairmanId));
  if (chairman?.signatureKey) return;
  const signature = await drawDemoSignature();
  const key = `officers/${chairmanId}/signature-demo.png`;
  await files.put(key, signature);
  await db.transaction(async (tx) => {
    await tx.update(officers).set({ signatureKey: key }).where(eq(officers.id, chairmanId));
    await recordAudit(tx, actor, {
      action: 'officer.signature_changed',
      entityType: 'officer',
      entityId: chairmanId,
      before: { signature: null },
      after: { signature: key, bytes: signature.length, type: 'image/png' },
    });
  });
}
