import { todayInLagos } from '../../../shared/dates';
import type { PublicDemandNoticeView } from '../../../shared/demandNotices';
import { demandNoticeViewStatus } from '../../../shared/demandNotices';
import type { PublicMatch } from '../../../shared/publicCheck';
import { maskPublicName } from '../../../shared/publicCode';
import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../auth/mdaScope';
import { limitPerMinute } from '../../auth/rateLimit';
import { readLetterhead } from '../../documents/letterhead';
import { AppError } from '../../errors';
import type { PaymentDeps } from '../payments/deps';
import { renderDemandNoticePdf } from './document';
import {
  selectDemandNoticeById,
  selectDemandNoticeByPublicCode,
  selectDemandNoticeStanding,
} from './queries';
import { noticeViewsOf } from './view';

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

const UNKNOWN_NOTICE =
  'No demand notice has this verification code. It may have been mistyped, or the notice is not genuine.';

/** A demand notice's paper and its public check (ADR 0032). Reads only. */
export function createDemandNoticePrinting(deps: Pick<PaymentDeps, 'db' | 'config' | 'files'>) {
  const { db, config } = deps;

  /** Every public check, by code or by number, counts against one limit per address. */
  function limitChecks(actor: Actor): Promise<void> {
    return limitPerMinute(db, {
      bucket: 'demand-notice-verify',
      ip: actor.ip,
      perMinute: config.publicCheckRateLimitPerMinute,
      what: 'demand notice checks',
    });
  }

  return {
    /** The notice's PDF; the QR code's address is PUBLIC_URL, else the request's origin (as receipts). */
    async noticePdf(actor: Actor, id: string, requestOrigin: string) {
      const row = await selectDemandNoticeById(db, id);
      if (!row || !isMdaInScope(mdaScopeOf(actor), row.notice.mdaId)) {
        throw new AppError('NOT_FOUND', 'No demand notice has this id.');
      }
      const [view] = await noticeViewsOf(db, [row], todayInLagos());
      if (!view) throw new Error(`demand notice ${id} cannot be read back`);
      const body = await renderDemandNoticePdf(
        { ...view, publicCode: row.notice.publicCode },
        config.publicUrl ?? requestOrigin,
        await readLetterhead(db, deps.files),
      );
      return { body, fileName: `demand-notice-${fileSafe(row.notice.number)}.pdf` };
    },

    /**
     * The public check by the code printed under the QR code: one verdict (stands unless
     * cancelled), the payer's name masked, the MDA, total and days; never a BTIN, RRR or phone.
     * Rate-limited per address like the other public checks.
     */
    async verifyNotice(actor: Actor, code: string): Promise<PublicDemandNoticeView> {
      await limitChecks(actor);
      const row = await selectDemandNoticeByPublicCode(db, code);
      if (!row) throw new AppError('NOT_FOUND', UNKNOWN_NOTICE);
      const { notice } = row;
      return {
        number: notice.number,
        isGenuine: notice.status !== 'cancelled',
        status: demandNoticeViewStatus(notice.status, notice.dueOn, todayInLagos()),
        mdaName: row.mdaName,
        maskedName: maskPublicName(notice.payerName),
        totalKobo: notice.totalKobo,
        issuedOn: notice.issuedOn,
        dueOn: notice.dueOn,
      };
    },

    /**
     * The bare notice number's check (ADR 0032): a notice not cancelled with this number and
     * this total, or not. No status, MDA or name, so walking the numbers learns nothing.
     */
    async matchNotice(actor: Actor, number: string, totalKobo: number): Promise<PublicMatch> {
      await limitChecks(actor);
      const row = await selectDemandNoticeStanding(db, number);
      return { match: !!row && row.status !== 'cancelled' && row.totalKobo === totalKobo };
    },
  };
}
