import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_STATUS_LABELS,
} from '../../../shared/assessments/enums';
import type { PublicAssessmentView } from '../../../shared/assessments/notices';
import { formatKoboAsNaira } from '../../../shared/money';
import { AnswerByCode, CheckFrame } from './CheckFrame';
import { Facts } from './Facts';
import { ISSUER } from './issuer';
import { formatDay, type Reference } from './reference';
import { Verdict } from './Verdict';

/**
 * /verify/assessment/{code}: anyone holding a notice of assessment, with no sign-in, learns
 * whether the service issued it and whether it still stands — and nothing about the taxpayer
 * beyond a masked name (ADR 0032; docs/product.md §7 Assessment). A notice number instead of a
 * code is checked against the tax it assesses.
 */
export function VerifyAssessmentPage({ reference }: { reference: Reference }) {
  return (
    <CheckFrame
      title="Verify a notice of assessment"
      reference={reference}
      byCode={(code) => <NoticeByCode code={code} />}
      byNumber={(number) => ({
        what: 'notice',
        factLabel: 'Tax assessed (₦), as printed on the notice',
        factKind: 'amount',
        matchUrl: (kobo) =>
          `/api/v1/public/assessments/match?number=${encodeURIComponent(number)}&amountKobo=${kobo}`,
        matched: {
          title: 'Genuine notice',
          text: `A notice of assessment the ${ISSUER} issued, which still stands, has this number and this tax assessed.`,
        },
        unmatched: {
          title: 'Do not rely on this notice',
          text: 'No standing notice has this number and this tax assessed: it was mistyped, altered, cancelled, replaced after an objection, or never issued. Contact the Board of Internal Revenue.',
        },
      })}
    />
  );
}

function NoticeByCode({ code }: { code: string }) {
  return (
    <AnswerByCode<PublicAssessmentView>
      url={`/api/v1/public/assessments/${code}`}
      pendingTitle="Checking the notice…"
      notFound={{
        title: 'Do not rely on this notice',
        text: (
          <>
            No notice of assessment has the verification code {code}. Check the code against the
            paper, or scan its QR code again; a notice the service cannot find may be forged.
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
              {`The ${ISSUER} issued this notice of assessment, and it stands. Compare the facts below with the paper.`}
            </Verdict>
          ) : (
            <Verdict
              tone="invalid"
              title={
                notice.status === 'cancelled'
                  ? 'Do not rely on this notice: it was cancelled'
                  : 'Do not rely on this notice: it was replaced'
              }
            >
              The service issued this notice, but it no longer stands:{' '}
              {notice.status === 'cancelled'
                ? 'it was cancelled.'
                : 'an objection revised it, and a new notice replaced it.'}{' '}
              Ask the taxpayer for the current notice.
            </Verdict>
          )}
          <Facts
            title="What the service holds"
            rows={[
              ['Notice number', notice.noticeNumber],
              ['Taxpayer (masked)', notice.maskedName],
              ['Year of assessment', String(notice.taxYear)],
              ['Kind', ASSESSMENT_KIND_LABELS[notice.kind]],
              ['Tax assessed', formatKoboAsNaira(notice.amountKobo)],
              ['Status', ASSESSMENT_STATUS_LABELS[notice.status]],
              ['Issued on', formatDay(notice.issuedOn)],
            ]}
          />
        </>
      )}
    </AnswerByCode>
  );
}
