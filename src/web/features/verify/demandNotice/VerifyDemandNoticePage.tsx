import type {
  DemandNoticeViewStatus,
  PublicDemandNoticeView,
} from '../../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../../shared/money';
import { AnswerByCode, CheckFrame } from '../CheckFrame';
import { Facts } from '../Facts';
import { ISSUER } from '../issuer';
import { formatDay, type Reference } from '../reference';
import { Verdict } from '../Verdict';

/**
 * Written out, not imported: src/shared/demandNotices.ts brings zod with it, and this page
 * stays within the public pages' budget (ADR 0032, docs/architecture.md §9).
 */
const STATUS_WORDS = {
  issued: 'Issued, not yet paid',
  part_paid: 'Part paid',
  overdue: 'Overdue (past its due date, not fully paid)',
  paid: 'Paid',
  cancelled: 'Cancelled',
} as const satisfies Record<DemandNoticeViewStatus, string>;

/**
 * /verify/demand-notice/{code}: anyone holding an MDA's demand notice, with no sign-in, learns
 * whether the service issued it and whether it stands — the payer's name masked, never a BTIN,
 * RRR or phone (ADR 0032). A number typed in place of the code is checked against the notice's
 * total: match or no match, nothing else.
 */
export function VerifyDemandNoticePage({ reference }: { reference: Reference }) {
  return (
    <CheckFrame
      title="Verify a demand notice"
      reference={reference}
      byCode={(code) => <DemandNoticeByCode code={code} />}
      byNumber={(number) => ({
        what: 'notice',
        factLabel: 'Total (₦), as printed on the notice',
        factKind: 'amount',
        matchUrl: (kobo) =>
          `/api/v1/public/demand-notices/match?number=${encodeURIComponent(number)}&amountKobo=${kobo}`,
        matched: {
          title: 'Genuine notice',
          text: `A demand notice the ${ISSUER} holds, not cancelled, has this number and this total.`,
        },
        unmatched: {
          title: 'Do not rely on this notice',
          text: 'No standing demand notice has this number and this total: it was mistyped, altered, cancelled or never issued. Scan its QR code, or type the verification code printed under it.',
        },
      })}
    />
  );
}

function DemandNoticeByCode({ code }: { code: string }) {
  return (
    <AnswerByCode<PublicDemandNoticeView>
      url={`/api/v1/public/demand-notices/${code}`}
      pendingTitle="Checking the notice…"
      notFound={{
        title: 'Do not rely on this notice',
        text: (
          <>
            No demand notice has the verification code {code}. Check the code against the paper, or
            scan its QR code again; a notice the service cannot find may be forged.
          </>
        ),
      }}
      unchecked={{
        title: 'The notice could not be checked',
        offlineText:
          'There is no connection to the service. Do not rely on the notice until it has been checked.',
      }}
    >
      {(notice) => (
        <>
          {notice.isGenuine ? (
            <Verdict tone="valid" title="Genuine notice">
              {`${notice.mdaName} issued this demand notice through the ${ISSUER}, and it stands. Compare the facts below with the paper.`}
            </Verdict>
          ) : (
            <Verdict tone="invalid" title="Do not rely on this notice: it was cancelled">
              The service issued this notice, but it was cancelled. Ask the MDA for the current
              notice.
            </Verdict>
          )}
          <Facts
            title="What the service holds"
            rows={[
              ['Notice number', notice.number],
              ['Issued by', notice.mdaName],
              ['Payer (masked)', notice.maskedName],
              ['Total', formatKoboAsNaira(notice.totalKobo)],
              ['Status', STATUS_WORDS[notice.status]],
              ['Issued on', formatDay(notice.issuedOn)],
              ['Due on', formatDay(notice.dueOn)],
            ]}
          />
        </>
      )}
    </AnswerByCode>
  );
}
