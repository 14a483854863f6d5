/**
 * The card gateway as the server sees it (protocol.ts, docs/card.md). A charge ends in one of
 * three ways an officer must be told apart: approved, declined (with the gateway's reason), or
 * no answer (CardAnswerLost: the card may have been charged; only a status query settles it).
 * A gateway that said it took nothing on, or a status query that could not be made, is
 * AppError('CARD_GATEWAY_UNAVAILABLE').
 */
export type CardCharge = {
  reference: string;
  rrr: string;
  amountKobo: number;
  description?: string | null;
};

export type CardOutcome =
  | {
      status: 'approved';
      reference: string;
      gatewayReference: string;
      amountKobo: number;
      approvedAt: string;
    }
  | { status: 'declined'; reference: string; declineCode: string; declineReason: string };

export type CardChargeState =
  | CardOutcome
  /** The card is still at the terminal. */
  | { status: 'pending'; reference: string }
  /** The gateway never received this attempt: nothing was charged. */
  | { status: 'not-found'; reference: string };

/** The charge's answer did not arrive: the card may or may not have been charged. */
export class CardAnswerLost extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CardAnswerLost';
  }
}

export interface CardGatewayClient {
  /** Sent once, never retried: a retry could take the card twice if the gateway ignored the key. */
  charge(charge: CardCharge): Promise<CardOutcome>;
  /** Idempotent: retried within the deadline. */
  getCharge(reference: string): Promise<CardChargeState>;
}
