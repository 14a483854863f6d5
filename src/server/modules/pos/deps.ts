import type { PosPushRecorder } from '../../observability/metrics';
import type { PaymentDeps } from '../payments/deps';

/** What the POS route plugins are given by app.ts: the payments' deps, and the push metrics when on. */
export type PosDeps = PaymentDeps & { recordPosPush?: PosPushRecorder | undefined };
