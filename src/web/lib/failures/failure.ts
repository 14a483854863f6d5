import { isApiError } from '../api/api';

/**
 * What went wrong with a check and what the officer can do about it. The old portal ignored
 * these failures and could leave its loader open (docs/architecture.md §10): RevDesk always says both.
 */
export type CheckFailure = { title: string; message: string; whatToDo: string | null };

const WHAT_TO_DO: Record<string, string> = {
  REMITA_NOT_CONFIGURED:
    "An administrator must enter this MDA's Remita merchant ID and API key on the Manage MDA page, then check again.",
  REMITA_AUTH_FAILED:
    "This is a fault of the MDA's Remita settings, not of the RRR: ask an administrator to check them on the Manage MDA page.",
  RRR_NOT_FOUND:
    "Compare the 12 digits with the payer's Remita slip, and make sure you chose the MDA the RRR was paid to.",
  REMITA_UNAVAILABLE:
    'Remita may be busy or down. Try again in a few minutes; if it keeps failing, tell the IT unit.',
  EVAS_UNAVAILABLE:
    'The auto-registration system may be busy or down. Try again in a few minutes; if it keeps failing, tell the IT unit.',
  VALIDATION_FAILED: 'Correct what is marked and try again.',
  INVALID_FILE: 'Correct the file (see the format above) and upload it again.',
  PAYLOAD_TOO_LARGE: 'Split the file into smaller ones of at most 2 MB and upload each.',
  FORBIDDEN: 'Your account is not allowed to do this. Ask an administrator if you need it.',
  RATE_LIMITED: 'Wait a minute before you try again.',
  NETWORK_FAILURE: 'When the connection is back, try again.',
};

const DEFAULT_WHAT_TO_DO = 'Try again. If it keeps failing, tell the IT unit.';

export function describeFailure(title: string, error: unknown): CheckFailure {
  if (!isApiError(error)) {
    return {
      title,
      message: error instanceof Error ? error.message : 'Something went wrong.',
      whatToDo: DEFAULT_WHAT_TO_DO,
    };
  }
  return { title, message: error.message, whatToDo: WHAT_TO_DO[error.code] ?? DEFAULT_WHAT_TO_DO };
}
