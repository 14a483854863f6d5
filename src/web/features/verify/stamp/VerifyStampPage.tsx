import { Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatKoboAsNaira } from '../../../../shared/money';
import { Facts } from '../Facts';
import { ISSUER } from '../issuer';
import { NumberCheck } from '../NumberCheck';
import { formatDay, type Reference } from '../reference';
import { isOffline, usePublicAnswer } from '../usePublicAnswer';
import { Verdict } from '../Verdict';

/**
 * The public check's answer by code (GET /api/v1/public/stamp-duty/{certificateNumber}, by code). Typed here, not
 * imported from the shared zod schemas, so the verify page stays without zod (ADR 0032 budget).
 */
type PublicStampCheck = {
  status: 'valid' | 'cancelled';
  certificateNumber: string;
  instrumentTypeLabel: string;
  executedOn: string;
  stampedOn: string;
  parties: { role: string; name: string }[];
  dutyKobo: number;
};

const ROLE_WORDS: Record<string, string> = {
  transferor: 'Transferor',
  transferee: 'Transferee',
  lessor: 'Lessor',
  lessee: 'Lessee',
  mortgagor: 'Mortgagor',
  mortgagee: 'Mortgagee',
  insurer: 'Insurer',
  insured: 'Insured',
  guarantor: 'Guarantor',
  party: 'Party',
};

/**
 * /verify/stamp/{code}: anyone holding a stamp duty certificate, with no sign-in, learns whether
 * the service stamped the instrument — with the parties' names masked (ADR 0032). A bare
 * certificate number is checked against the duty printed on the certificate: match or no match.
 */
export function VerifyStampPage({ reference }: { reference: Reference }) {
  useDocumentTitle(`Verify a stamp duty certificate · ${ISSUER}`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Verify a stamp duty certificate
      </Title>
      {'code' in reference ? (
        <StampByCode code={reference.code} />
      ) : (
        <NumberCheck
          what="certificate"
          number={reference.number}
          factLabel="Duty (₦), as printed on the certificate"
          factKind="amount"
          matchUrl={(kobo) =>
            `/api/v1/public/stamp-duty/match?number=${encodeURIComponent(reference.number)}&amountKobo=${kobo}`
          }
          matched={{
            title: 'Valid certificate',
            text: `An instrument the ${ISSUER} stamped has this certificate number and this duty.`,
          }}
          unmatched={{
            title: 'Do not accept this certificate',
            text: 'No standing certificate has this number and this duty: it was mistyped, altered, cancelled or never issued. Scan its QR code, or type the verification code printed under it.',
          }}
        />
      )}
    </Stack>
  );
}

function StampByCode({ code }: { code: string }) {
  const { answer, retry } = usePublicAnswer<PublicStampCheck>(`/api/v1/public/stamp-duty/${code}`);
  if (!answer || answer.state === 'pending') {
    return <Verdict tone="pending" title="Checking the certificate…" />;
  }
  if (answer.state === 'failed') {
    if (answer.error.status === 404 || answer.error.status === 422) {
      return (
        <Verdict tone="invalid" title="Do not accept this certificate" forged>
          No stamp duty certificate has the verification code {code}. Check the code against the
          paper, or scan its QR code again; a certificate the service cannot find may be forged.
        </Verdict>
      );
    }
    return (
      <Verdict
        tone="unsure"
        title="Not confirmed: the certificate could not be checked"
        action={
          <Button size="xs" variant="white" color="dark" onClick={retry}>
            Try again
          </Button>
        }
      >
        {isOffline(answer.error)
          ? 'There is no connection to the service. Do not accept the certificate until it has been checked.'
          : answer.error.message}
      </Verdict>
    );
  }
  const c = answer.data;
  return (
    <Stack gap="lg">
      {c.status === 'valid' ? (
        <Verdict tone="valid" title="Valid certificate">
          {`The ${ISSUER} stamped this instrument. Compare the facts below with the paper.`}
        </Verdict>
      ) : (
        <Verdict tone="invalid" title="Do not accept this certificate: it was cancelled">
          The service stamped this instrument, but the certificate no longer stands.
        </Verdict>
      )}
      <Facts
        title="What the service holds"
        rows={[
          ['Certificate number', c.certificateNumber],
          ['Instrument', c.instrumentTypeLabel],
          ['Executed on', formatDay(c.executedOn)],
          ['Stamped on', formatDay(c.stampedOn)],
          ['Duty', formatKoboAsNaira(c.dutyKobo)],
          // Labels are the rows' keys: a second party of one role is numbered.
          ...c.parties.map(
            (p, i) =>
              [`Party ${i + 1}, ${ROLE_WORDS[p.role] ?? p.role}`, p.name] as [string, string],
          ),
        ]}
      />
    </Stack>
  );
}
