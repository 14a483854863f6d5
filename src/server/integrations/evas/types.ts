/**
 * The auto-registration system (EVAS), as the server sees it. Its answer's `data` is a JSON
 * string (docs/product.md §3) holding `customer_id`, `statusCode`, `message`, `transactionDate`;
 * client.ts parses it. Failures are thrown as AppError('EVAS_UNAVAILABLE').
 */
export type EvasRrrStatus = {
  rrr: string;
  customerId: string | null;
  statusCode: string;
  message: string;
  transactionDate: string | null;
  isRegistered: boolean;
};

export interface EvasClient {
  getRrrStatus(rrr: string): Promise<EvasRrrStatus>;
}
