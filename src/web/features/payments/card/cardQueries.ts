import type { CardPaymentView } from '../../../../shared/payments/card';
import { api } from '../../../lib/api/api';

/** Sends the bill to the card gateway's terminal; resolves when the card is read (or not). */
export function takeCardPayment(paymentId: string): Promise<CardPaymentView> {
  return api.post<CardPaymentView>('/api/v1/card/payments', { paymentId });
}

/** Asks the gateway what became of an attempt whose answer was lost. */
export function checkCardPayment(reference: string): Promise<CardPaymentView> {
  return api.post<CardPaymentView>(`/api/v1/card/payments/${encodeURIComponent(reference)}/check`);
}
