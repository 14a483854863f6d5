import { Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_STATUS_LABELS,
} from '../../../shared/assessments/enums';
import type { PublicAssessmentView } from '../../../shared/assessments/notices';
import { formatKoboAsNaira } from '../../../shared/money';
import { Facts } from './Facts';
import { ISSUER } from './issuer';
import { NumberCheck } from './NumberCheck';
import { formatDay, type Reference } from './reference';
import { isOffline, usePublicAnswer } from './usePublicAnswer';
import { Verdict } from './Verdict';

/**
 * /verify/assessment/{code}: anyone holding a notice of assessment, with no sign-in, learns
 * whether the service issued it and whether it still stands — and nothing about the taxpayer
 * beyond a masked name (ADR 0032; docs/product.md §7 Assessment). A notice number instead of a
 * code is checked against the tax it assesses.
 */
export function VerifyAssessmentPage({ reference }: { reference: Reference }) {
  useDocumentTitle(`Verify a notice of assessment · ${ISSUER}`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Verify a notice of assessment
      </Title>
      {'code' in reference ? (
        <NoticeByCode code={reference.code} />
      ) : (
        <NumberCheck
          what="notice"
          number={reference.number}
          factLabel="Tax assessed (₦), as printed on the notice"
          factKind="amount"
          matchUrl={(kobo) =>
            `/api/v1/public/assessments/match?number=${encodeURIComponent(reference.number)}&amountKobo=${kobo}`
          }
          matched={{
            title: 'Genuine notice',
            text: `A notice of assessment the ${ISSUER} issued, which still stands, has this number and this tax assessed.`,
          }}
          unmatched={{
            title: 'Do not rely on this notice',
            text: 'No standing notice has this number and this tax assessed: it was mistyped, altered, cancelled, replaced after an objection, or never issued. Contact the Board of Internal Revenue.',
          }}
        />
      )}
    </Stack>
  );
}

function NoticeByCode({ code }: { code: string }) {
  const { answer, retry } = usePublicAnswer<PublicAssessmentView>(
    `/api/v1/public/assessments/${code}`,
  );
  if (!answer || answer.state === 'pending') {
    return <Verdict tone="pending" title="Checking the notice…" />;
  }
  if (answer.state === 'failed') {
    if (answer.error.status === 404 || answer.error.status === 422) {
      return (
        <Verdict tone="invalid" title="Do not rely on this notice" forged>
          No notice of assessment has the verification code {code}. Check the code against the
          paper, or scan its QR code again; a notice the service cannot find may be forged.
        </Verdict>
      );
    }
    return (
      <Verdict
        tone="unsure"
        title="The notice could not be checked"
        action={
          <Button size="xs" variant="white" color="dark" onClick={retry}>
            Try again
          </Button>
        }
      >
        {isOffline(answer.error)
          ? 'There is no connection to the service. Do not rely on the notice until it has been checked.'
          : answer.error.message}
      </Verdict>
    );
  }
  const notice = answer.data;
  return (
    <Stack gap="lg">
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
    </Stack>
  );
}
