import { Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../shared/money';
import type { PublicReceiptView } from '../../../shared/payments/views';
import { AnswerByCode, CheckFrame } from './CheckFrame';
import { Facts } from './Facts';
import { ISSUER } from './issuer';
import { formatDay, type Reference } from './reference';
import { Verdict } from './Verdict';

/**
 * /verify/receipt/{code}: anyone holding an e-receipt, with no sign-in, learns whether the
 * service issued it and whether it still proves a payment — and nothing about the payer beyond a
 * masked name (ADR 0032). A receipt number instead of a code is checked against its amount.
 */
export function VerifyReceiptPage({ reference }: { reference: Reference }) {
  return (
    <CheckFrame
      title="Verify a receipt"
      reference={reference}
      byCode={(code) => <ReceiptByCode code={code} />}
      byNumber={(number) => ({
        what: 'receipt',
        factLabel: 'Amount paid (₦), as printed on the receipt',
        factKind: 'amount',
        matchUrl: (kobo) =>
          `/api/v1/public/receipts/match?number=${encodeURIComponent(number)}&amountKobo=${kobo}`,
        matched: {
          title: 'Genuine receipt',
          text: `A payment the ${ISSUER} holds as paid has this receipt number and this amount.`,
        },
        unmatched: {
          title: 'Do not accept this receipt',
          text: 'No paid receipt has this number and this amount: it was mistyped, altered, reversed or never issued. Ask the payer for proof of payment.',
        },
      })}
    />
  );
}

function ReceiptByCode({ code }: { code: string }) {
  return (
    <AnswerByCode<PublicReceiptView>
      url={`/api/v1/public/receipts/${code}`}
      pendingTitle="Checking the receipt…"
      notFound={{
        title: 'Do not accept this receipt',
        text: (
          <>
            No receipt has the verification code {code}. Check the code against the paper, or scan
            its QR code again; a receipt the service cannot find is not genuine.
          </>
        ),
      }}
      unchecked={{
        title: 'The receipt could not be checked',
        offlineText:
          'There is no connection to the service. Do not accept the receipt until it has been checked.',
      }}
    >
      {(receipt) => (
        <>
          {receipt.isGenuine ? (
            <Verdict tone="valid" title="Genuine receipt">
              {`The ${ISSUER} issued this receipt for a payment it holds as paid. Compare the facts below with the paper.`}
            </Verdict>
          ) : (
            <Verdict tone="invalid" title="Do not accept this receipt: it was reversed">
              The service issued this receipt, but the payment was later reversed. It no longer
              proves a payment.
            </Verdict>
          )}
          <Facts
            title="What the service holds"
            rows={[
              ['Receipt number', receipt.receiptNumber],
              ['Amount', formatKoboAsNaira(receipt.amountKobo)],
              ['Date paid', formatDay(receipt.paidOn)],
              ['MDA', receipt.mdaName],
              ['Payer (masked)', receipt.payerName || <Text span>No name recorded</Text>],
            ]}
          />
        </>
      )}
    </AnswerByCode>
  );
}
