import { formatKoboAsNaira } from '../../../../shared/money';
import { AnswerByCode, CheckFrame } from '../CheckFrame';
import { Facts } from '../Facts';
import { ISSUER } from '../issuer';
import { formatDay, type Reference } from '../reference';
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
  return (
    <CheckFrame
      title="Verify a stamp duty certificate"
      reference={reference}
      byCode={(code) => <StampByCode code={code} />}
      byNumber={(number) => ({
        what: 'certificate',
        factLabel: 'Duty (₦), as printed on the certificate',
        factKind: 'amount',
        matchUrl: (kobo) =>
          `/api/v1/public/stamp-duty/match?number=${encodeURIComponent(number)}&amountKobo=${kobo}`,
        matched: {
          title: 'Valid certificate',
          text: `An instrument the ${ISSUER} stamped has this certificate number and this duty.`,
        },
        unmatched: {
          title: 'Do not accept this certificate',
          text: 'No standing certificate has this number and this duty: it was mistyped, altered, cancelled or never issued. Scan its QR code, or type the verification code printed under it.',
        },
      })}
    />
  );
}

function StampByCode({ code }: { code: string }) {
  return (
    <AnswerByCode<PublicStampCheck>
      url={`/api/v1/public/stamp-duty/${code}`}
      pendingTitle="Checking the certificate…"
      notFound={{
        title: 'Do not accept this certificate',
        text: (
          <>
            No stamp duty certificate has the verification code {code}. Check the code against the
            paper, or scan its QR code again; a certificate the service cannot find may be forged.
          </>
        ),
      }}
      unchecked={{
        title: 'Not confirmed: the certificate could not be checked',
        offlineText:
          'There is no connection to the service. Do not accept the certificate until it has been checked.',
      }}
    >
      {(c) => (
        <>
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
        </>
      )}
    </AnswerByCode>
  );
}
