/**
 * The card gateway's protocol, as RevDesk's simulator speaks it (docs/card.md). Remita publishes
 * no protocol for card payments taken at a counter terminal (docs/remita.md), so RevDesk defined
 * this small one; every part marked "to confirm" in docs/card.md must be checked against the
 * real gateway before production points CARD_GATEWAY_BASE_URL at it.
 *
 * RevDesk never sees a card (PCI DSS): the gateway's terminal reads it. RevDesk sends the bill
 * and an attempt reference it made, and reads the outcome.
 *
 *   POST {base}/v1/card-charges            Authorization: Bearer {secret}
 *        { "reference", "rrr", "amountKobo", "description"? }
 *   200  { "reference", "status": "APPROVED", "gatewayReference", "amountKobo", "approvedAt" }
 *   200  { "reference", "status": "DECLINED", "declineCode", "declineReason" }
 *   503  { "status": "UNAVAILABLE", "message" }   the gateway took nothing on: nothing charged
 *   401  { "status": "UNAUTHORISED", "message" }  the secret is wrong
 *
 *   GET  {base}/v1/card-charges/{reference}    Authorization: Bearer {secret}
 *   200  the charge's answer as above, or { "reference", "status": "PENDING" } while the card is
 *        still at the terminal
 *   404  { "reference", "status": "NOT_FOUND" }   the gateway never received this attempt
 *
 * `reference` is the idempotency key: a charge sent again with a reference the gateway has seen
 * is answered with that charge's outcome and never charges the card a second time.
 */
export const CARD_CHARGES_PATH = '/v1/card-charges';
export const CARD_CHARGE_PATH = '/v1/card-charges/:reference';

export function cardChargePath(reference: string): string {
  return `${CARD_CHARGES_PATH}/${encodeURIComponent(reference)}`;
}

export const CARD_CHARGE_STATUSES = ['APPROVED', 'DECLINED', 'PENDING', 'NOT_FOUND'] as const;
export type CardChargeStatus = (typeof CARD_CHARGE_STATUSES)[number];

export function cardAuthorization(secret: string): string {
  return `Bearer ${secret}`;
}

/**
 * The secret demo mode and tests use when CARD_GATEWAY_SECRET is unset: the simulator on this
 * server expects it. Production refuses to start without a real one (config.ts).
 */
export const SIMULATOR_CARD_SECRET = 'revdesk-card-simulator';
