import { and, desc, eq } from 'drizzle-orm';
import { todayInLagos } from '../../../../shared/dates';
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
import { findTcc, findTccByNumber, type TccRow } from '../queries';
import type { TccHolderRecord } from '../view';
import { type CertificateFacts, type CertificateImage, renderCertificatePdf } from './document';
import { listSigningKeys, signerFromConfig } from './signing';

/** A certificate exists once the chairman approved it (printed or not; revoked ones say so). */
const ISSUED = ['approved', 'printed', 'revoked'] as const;
const isIssued = (row: TccRow) => (ISSUED as readonly string[]).includes(row.status);

const graphemes = (word: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word), (s) => s.segment);

/**
 * The holder's name as the public verify page shows it (ADR 0013): each word's first letter and
 * a star for every other, "John Okoro" → "J*** O****". Enough for whoever holds the paper to
 * compare, not enough for a stranger who scans it to learn the name.
 */
export function maskHolderName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = graphemes(word);
      return `${letters[0]}${'*'.repeat(letters.length - 1)}`;
    })
    .join(' ');
}

/** What a checker learns of a certificate by its number: valid, revoked, expired or unknown. */
export function publicTccViewOf(number: string, row: TccRow | null, today: string): PublicTccView {
  if (!row || !isIssued(row) || !row.issuedAt || !row.expiresOn) {
    // Not issued (still in the chain, or rejected) is no certificate at all, to the public.
    return {
      status: 'unknown',
      number,
      maskedName: null,
      btin: null,
      issuedOn: null,
      expiresOn: null,
      years: [],
    };
  }
  const holder = row.holder as TccHolderRecord;
  return {
    status: row.status === 'revoked' ? 'revoked' : row.expiresOn < today ? 'expired' : 'valid',
    number: row.number,
    maskedName: maskHolderName(holder.name),
    btin: row.btin,
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

    /** The public verify page's answer (anyone with the number; rate-limited per address). */
    async publicTcc(actor: Actor, number: string, now = new Date()): Promise<PublicTccView> {
      await limitChecks(actor, 'tcc-verify');
      const wanted = number.trim().toUpperCase();
      return publicTccViewOf(wanted, await findTccByNumber(db, wanted), todayInLagos(now));
    },

    /** Every key that signed a certificate, for checking a QR payload offline. */
    async publicKeys(actor: Actor): Promise<PublicKeyList> {
      await limitChecks(actor, 'tcc-keys');
      return { keys: await listSigningKeys(db, signerFromConfig(config)) };
    },
  };
}
