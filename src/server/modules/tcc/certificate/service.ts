import { and, desc, eq } from 'drizzle-orm';
import { todayInLagos } from '../../../../shared/dates';
import type { PublicMatch } from '../../../../shared/publicCheck';
import { maskPublicName } from '../../../../shared/publicCode';
import type { PublicKeyList, PublicTccView, TccYear } from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import { limitPerMinute } from '../../../auth/rateLimit';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { officers, taxpayers, tccHistory } from '../../../db/schema';
import { readLetterhead } from '../../../documents/letterhead';
import { AppError } from '../../../errors';
import { mimeOfKey } from '../../../files/images';
import type { FileStore } from '../../../files/store';
import { canReadKind, notFound } from '../common';
import { findTcc, findTccByNumber, findTccByPublicCode, type TccRow } from '../queries';
import type { TccHolderRecord } from '../view';
import { type CertificateFacts, type CertificateImage, renderCertificatePdf } from './document';
import { listSigningKeys, signerFromConfig } from './signing';

/** A certificate exists once the chairman approved it (printed or not; revoked ones say so). */
const ISSUED = ['approved', 'printed', 'revoked'] as const;
const isIssued = (row: TccRow) => (ISSUED as readonly string[]).includes(row.status);

/** A certificate the public may know of, and how it stands today. */
function standingOf(row: TccRow | null, today: string): PublicTccView['status'] {
  // Not issued (still in the chain, or rejected) is no certificate at all, to the public.
  if (!row || !isIssued(row) || !row.issuedAt || !row.expiresOn) return 'unknown';
  return row.status === 'revoked' ? 'revoked' : row.expiresOn < today ? 'expired' : 'valid';
}

/**
 * What a checker learns of a certificate by its code (ADR 0032): valid, revoked, expired or
 * unknown, the holder's name masked; never the BTIN.
 */
export function publicTccViewOf(row: TccRow | null, today: string): PublicTccView {
  const status = standingOf(row, today);
  if (!row || status === 'unknown' || !row.issuedAt || !row.expiresOn) {
    return {
      status: 'unknown',
      number: null,
      maskedName: null,
      issuedOn: null,
      expiresOn: null,
      years: [],
    };
  }
  const holder = row.holder as TccHolderRecord;
  return {
    status,
    number: row.number,
    maskedName: maskPublicName(holder.name),
    issuedOn: todayInLagos(row.issuedAt),
    expiresOn: row.expiresOn,
    years: (row.years as TccYear[]).map((y) => y.year),
  };
}

/**
 * The printed certificate and its public checks (ADR 0013; docs/tax-rules.md, Tax Clearance
 * Certificate). The signed payload is made by the chairman's approval (chain/); this only
 * prints and answers what was signed.
 */
export function createTccCertificateService({
  db,
  config,
  files,
}: {
  db: Db;
  config: Pick<
    Config,
    'publicUrl' | 'tccSigningKey' | 'tccSigningKeyFile' | 'publicCheckRateLimitPerMinute'
  >;
  files: FileStore;
}) {
  /** The chairman who approved it, with the signature image they uploaded (if any). */
  async function chairmanOf(tccId: string): Promise<CertificateFacts['chairman']> {
    const [row] = await db
      .select({
        firstName: officers.firstName,
        surname: officers.surname,
        signatureKey: officers.signatureKey,
      })
      .from(tccHistory)
      .innerJoin(officers, eq(officers.id, tccHistory.actorId))
      .where(
        and(
          eq(tccHistory.tccId, tccId),
          eq(tccHistory.action, 'approved'),
          eq(tccHistory.stage, 'chairman'),
        ),
      )
      .orderBy(desc(tccHistory.at))
      .limit(1);
    if (!row) return null;
    let signature: CertificateImage | null = null;
    const mime = row.signatureKey ? mimeOfKey(row.signatureKey) : null;
    if (row.signatureKey && (mime === 'image/png' || mime === 'image/jpeg')) {
      const bytes = await files.get(row.signatureKey);
      if (bytes) signature = { bytes, mime };
    }
    return { name: `${row.firstName} ${row.surname}`, signature };
  }

  /** The holder's registry photo (PNG or JPEG, which the PDF embeds), or null. */
  async function photoOf(btin: string): Promise<CertificateImage | null> {
    const [row] = await db
      .select({ photoKey: taxpayers.photoKey })
      .from(taxpayers)
      .where(eq(taxpayers.btin, btin))
      .limit(1);
    const mime = row?.photoKey ? mimeOfKey(row.photoKey) : null;
    if (!row?.photoKey || (mime !== 'image/png' && mime !== 'image/jpeg')) return null;
    const bytes = await files.get(row.photoKey);
    return bytes ? { bytes, mime } : null;
  }

  /** The public routes are rate-limited per address, as the receipt check is. */
  async function limitChecks(actor: Actor, bucket: string): Promise<void> {
    await limitPerMinute(db, {
      bucket,
      ip: actor.ip,
      perMinute: config.publicCheckRateLimitPerMinute,
      what: 'certificate checks',
    });
  }

  return {
    /**
     * The certificate's PDF: only once printed (the chain's print action counts the copies) or
     * revoked (marked so). `requestOrigin` is where the officer reached RevDesk; PUBLIC_URL wins.
     */
    async certificatePdf(
      actor: Actor,
      id: string,
      requestOrigin: string,
    ): Promise<{ body: Buffer; fileName: string }> {
      const row = await findTcc(db, id);
      if (!row || !canReadKind(actor, row.kind)) throw notFound();
      if (row.status !== 'printed' && row.status !== 'revoked') {
        throw new AppError(
          'CONFLICT',
          row.status === 'approved'
            ? 'This certificate is approved but not printed yet: print it first, then download it.'
            : 'This certificate has not been approved by the chairman, so there is nothing to print.',
          { details: { status: row.status } },
        );
      }
      if (!row.issuedAt || !row.expiresOn || !row.signedPayload) {
        // A certificate revoked before the chairman's approval existed never had one.
        throw new AppError('CONFLICT', 'This certificate was never issued, so it has no PDF.', {
          details: { status: row.status },
        });
      }
      const holder = row.holder as TccHolderRecord;
      const facts: CertificateFacts = {
        number: row.number,
        kind: row.kind,
        btin: row.btin,
        holder: { name: holder.name, address: holder.address, nationalId: holder.nationalId },
        purpose: row.purpose,
        purposeDetail: row.purposeDetail,
        sourceOfIncome: row.sourceOfIncome,
        comment: row.comment,
        years: row.years as TccYear[],
        exemptionReason: row.exemptionReason,
        issuedOn: todayInLagos(row.issuedAt),
        expiresOn: row.expiresOn,
        chairman: await chairmanOf(row.id),
        photo: await photoOf(row.btin),
        printCount: row.printCount,
        revoked:
          row.status === 'revoked' && row.revokedAt
            ? { on: todayInLagos(row.revokedAt), reason: row.revokeReason ?? 'not given' }
            : null,
        signedPayload: row.signedPayload,
        publicCode: row.publicCode,
      };
      return {
        body: await renderCertificatePdf(
          facts,
          config.publicUrl ?? requestOrigin,
          await readLetterhead(db, files),
        ),
        fileName: `tcc-${row.number.replaceAll('/', '-')}.pdf`,
      };
    },

    /** The public check by the certificate's code (ADR 0032; rate-limited per address). */
    async publicTcc(actor: Actor, code: string, now = new Date()): Promise<PublicTccView> {
      await limitChecks(actor, 'tcc-verify');
      return publicTccViewOf(await findTccByPublicCode(db, code), todayInLagos(now));
    },

    /**
     * The bare certificate number's check (ADR 0032): a valid certificate with this number and
     * this expiry date, or not. Nothing else, so walking the numbers learns nothing.
     */
    async matchTcc(
      actor: Actor,
      number: string,
      expiresOn: string,
      now = new Date(),
    ): Promise<PublicMatch> {
      await limitChecks(actor, 'tcc-verify');
      const row = await findTccByNumber(db, number);
      return {
        match: standingOf(row, todayInLagos(now)) === 'valid' && row?.expiresOn === expiresOn,
      };
    },

    /** Every key that signed a certificate, for checking a QR payload offline. */
    async publicKeys(actor: Actor): Promise<PublicKeyList> {
      await limitChecks(actor, 'tcc-keys');
      return { keys: await listSigningKeys(db, signerFromConfig(config)) };
    },
  };
}
