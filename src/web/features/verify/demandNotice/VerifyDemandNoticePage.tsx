import { Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type {
  DemandNoticeViewStatus,
  PublicDemandNoticeView,
} from '../../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../../shared/money';
import { Facts } from '../Facts';
import { ISSUER } from '../issuer';
import { NumberCheck } from '../NumberCheck';
import { formatDay, type Reference } from '../reference';
import { isOffline, usePublicAnswer } from '../usePublicAnswer';
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
  useDocumentTitle(`Verify a demand notice · ${ISSUER}`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Verify a demand notice
      </Title>
      {'code' in reference ? (
        <DemandNoticeByCode code={reference.code} />
      ) : (
        <NumberCheck
          what="notice"
          number={reference.number}
          factLabel="Total (₦), as printed on the notice"
          factKind="amount"
          matchUrl={(kobo) =>
            `/api/v1/public/demand-notices/match?number=${encodeURIComponent(reference.number)}&amountKobo=${kobo}`
          }
          matched={{
            title: 'Genuine notice',
            text: `A demand notice the ${ISSUER} holds, not cancelled, has this number and this total.`,
          }}
          unmatched={{
            title: 'Do not rely on this notice',
            text: 'No standing demand notice has this number and this total: it was mistyped, altered, cancelled or never issued. Scan its QR code, or type the verification code printed under it.',
          }}
        />
      )}
    </Stack>
  );
}

function DemandNoticeByCode({ code }: { code: string }) {
  const { answer, retry } = usePublicAnswer<PublicDemandNoticeView>(
    `/api/v1/public/demand-notices/${code}`,
  );
  if (!answer || answer.state === 'pending') {
    return <Verdict tone="pending" title="Checking the notice…" />;
  }
  if (answer.state === 'failed') {
    if (answer.error.status === 404 || answer.error.status === 422) {
      return (
        <Verdict tone="invalid" title="Do not rely on this notice" forged>
          No demand notice has the verification code {code}. Check the code against the paper, or
          scan its QR code again; a notice the service cannot find may be forged.
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
          {`${notice.mdaName} issued this demand notice through the ${ISSUER}, and it stands. Compare the facts below with the paper.`}
        </Verdict>
      ) : (
        <Verdict tone="invalid" title="Do not rely on this notice: it was cancelled">
          The service issued this notice, but it was cancelled. Ask the MDA for the current notice.
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
    </Stack>
  );
}
