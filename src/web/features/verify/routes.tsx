import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withParams } from '../../lib/routing';

/**
 * The public pages a QR code opens, no sign-in. Each is a splat: a receipt, notice or
 * certificate number holds slashes (BIRS/2026/0000001), encoded in the QR code or typed as
 * they are; the page reads the number from the rest of the path.
 */

const VerifyReceiptPage = lazyRouteComponent(
  () => import('./VerifyReceiptPage'),
  'VerifyReceiptPage',
);
const VerifyAssessmentPage = lazyRouteComponent(
  () => import('./VerifyAssessmentPage'),
  'VerifyAssessmentPage',
);
const VerifyTccPage = lazyRouteComponent(() => import('./VerifyTccPage'), 'VerifyTccPage');

/** The routes under the root; router.tsx adds them. */
export function verifyPages(root: AnyRoute) {
  return [
    // An e-receipt's QR code.
    createRoute({
      getParentRoute: () => root,
      path: 'verify/receipt/$',
      component: withParams(root, 'verify/receipt/$', VerifyReceiptPage, ({ _splat }) => ({
        path: _splat ?? '',
      })),
    }),
    // A notice of assessment's QR code.
    createRoute({
      getParentRoute: () => root,
      path: 'verify/assessment/$',
      component: withParams(root, 'verify/assessment/$', VerifyAssessmentPage, ({ _splat }) => ({
        path: _splat ?? '',
      })),
    }),
    // A tax clearance certificate's QR code (ADR 0013): the signed facts follow in the
    // fragment, which never reaches the server.
    createRoute({
      getParentRoute: () => root,
      path: 'verify/tcc/$',
      component: withParams(root, 'verify/tcc/$', VerifyTccPage, ({ _splat }) => ({
        path: _splat ?? '',
      })),
    }),
  ];
}
