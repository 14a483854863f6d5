/**
 * EVAS, the auto-registration system, publishes no protocol; docs/product.md §3 shows only its answer's
 * `data`, a JSON string holding `customer_id`, `statusCode`, `message`, `transactionDate`.
 * RevDesk defines the rest, and the simulator answers exactly this:
 *
 *   GET {base}/api/v1/auto-reg/rrr/{rrr}/status
 *   200 { "status": true | false, "message": "…", "data": "{\"customer_id\":…,\"statusCode\":\"00\",…}" }
 *
 * `statusCode` "00" means the payer is registered; an RRR EVAS never saw answers
 * `status: false` with statusCode "404" and a message — an answer, not an error.
 */
export const EVAS_STATUS_PATH = '/api/v1/auto-reg/rrr/:rrr/status';

export function evasStatusPath(rrr: string): string {
  return `/api/v1/auto-reg/rrr/${encodeURIComponent(rrr)}/status`;
}

export const EVAS_REGISTERED_CODE = '00';
export const EVAS_NOT_FOUND_CODE = '404';
