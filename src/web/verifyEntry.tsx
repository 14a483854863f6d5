import './lib/zodJitless';
import { Text } from '@mantine/core';
import { VerifyDemandNoticePage } from './features/verify/demandNotice/VerifyDemandNoticePage';
import { referenceOf } from './features/verify/reference';
import { VerifyStampPage } from './features/verify/stamp/VerifyStampPage';
import { VerifyTccPage } from './features/verify/tcc/VerifyTccPage';
import { VerifyAssessmentPage } from './features/verify/VerifyAssessmentPage';
import { VerifyLayout } from './features/verify/VerifyLayout';
import { VerifyReceiptPage } from './features/verify/VerifyReceiptPage';
import { renderRoot, SkipLink } from './renderRoot';

/**
 * The public checks as a page of their own (verify.html, which the server sends for /verify/…):
 * React and Mantine only, without the router, the query cache, the route tree and the staff
 * app's packages, so a bank clerk's phone loads at most docs/architecture.md §9's 150 KB. The
 * address says which document and which code (or, on older papers, which number).
 */
const match = /^\/verify\/(receipt|assessment|tcc|demand-notice|stamp)\/(.+)$/.exec(
  window.location.pathname,
);
const kind = match?.[1];
const reference = referenceOf(match?.[2] ?? '');

function Page() {
  if (kind === 'receipt') return <VerifyReceiptPage reference={reference} />;
  if (kind === 'assessment') return <VerifyAssessmentPage reference={reference} />;
  if (kind === 'tcc') return <VerifyTccPage reference={reference} />;
  if (kind === 'demand-notice') return <VerifyDemandNoticePage reference={reference} />;
  if (kind === 'stamp') return <VerifyStampPage reference={reference} />;
  return (
    <Text>
      This address names no document to check. Scan the QR code on the receipt, notice or
      certificate again, or type the address printed under it.
    </Text>
  );
}

renderRoot(
  <>
    <SkipLink />
    <VerifyLayout>
      <Page />
    </VerifyLayout>
  </>,
);
