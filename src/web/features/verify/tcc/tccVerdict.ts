import type { PublicMatch } from '../../../../shared/publicCheck';
import type { PublicTccView } from '../../../../shared/tcc/views';
import type { ApiError } from '../../../lib/api/api';
import { formatDay } from '../reference';
import type { PublicAnswer } from '../usePublicAnswer';
import type { VerdictTone } from '../Verdict';
import type { SignatureCheck } from './tccSignature';

export type TccVerdict = {
  tone: VerdictTone;
  title: string;
  text: string;
  /** The QR code or the paper does not hold what the service signed. */
  forged?: boolean;
  /** A failure worth asking again about (no connection, the service's own error). */
  canRetry?: boolean;
};

const PENDING: TccVerdict = {
  tone: 'pending',
  title: 'Checking the certificate…',
  text: 'Asking the service, and checking the QR code’s signature in this browser.',
};

const DO_NOT_ACCEPT = 'Do not accept this certificate';

/** Why a signature is not the service's, in the checker's words. */
function forgedVerdict(check: Extract<SignatureCheck, { result: 'not_genuine' }>): TccVerdict {
  const why =
    check.reason === 'other_number'
      ? `The QR code carries the signed facts of another certificate (${check.payload?.n}), not of this one.`
      : check.reason === 'unreadable'
        ? 'The QR code does not hold a signed certificate: it was cut short, garbled or made by someone else.'
        : 'The facts in the QR code were not signed by the service, or were changed after signing.';
  return {
    tone: 'invalid',
    title: `${DO_NOT_ACCEPT}: its QR code is not genuine`,
    text: `${why} Contact the Board of Internal Revenue.`,
    forged: true,
  };
}

/** A signature that is not "genuine": its verdict, or null when it is genuine (or absent). */
function signatureVerdict(check: SignatureCheck | null, keysOffline: boolean): TccVerdict | null {
  if (!check || check.result === 'genuine') return null;
  if (check.result === 'not_genuine') return forgedVerdict(check);
  if (check.result === 'unsupported') {
    return {
      tone: 'unsure',
      title: 'Not confirmed: this browser cannot check the signature',
      text: 'This browser cannot check the QR code’s signature, so an altered paper could pass. Do not accept the certificate until it is checked in a current browser.',
    };
  }
  // unknown_key
  return keysOffline
    ? {
        tone: 'unsure',
        title: 'Not confirmed: the signing keys are not in this browser yet',
        text: 'Open this page once with a connection; after that it checks signatures offline too. Do not accept the certificate until then.',
        canRetry: true,
      }
    : {
        tone: 'invalid',
        title: `${DO_NOT_ACCEPT}: its QR code is not genuine`,
        text: 'The QR code was signed with a key the service has never used. Contact the Board of Internal Revenue.',
        forged: true,
      };
}

function failedVerdict(error: ApiError, signatureGenuine: boolean): TccVerdict {
  if (error.code === 'NETWORK_FAILURE') {
    return {
      tone: 'unsure',
      title: signatureGenuine
        ? 'Not confirmed: signature genuine, revocation not checked'
        : 'Not confirmed: no connection to the service',
      text: signatureGenuine
        ? 'The QR code’s facts are as the service signed them, but whether the certificate was revoked since cannot be known without a connection. Do not accept it until it is checked online.'
        : 'Whether this certificate stands cannot be checked without a connection. Do not accept it until it is checked.',
      canRetry: true,
    };
  }
  return {
    tone: 'unsure',
    title: 'Not confirmed: the service could not answer',
    text: `${error.message} Do not accept the certificate until it is checked.`,
    canRetry: true,
  };
}

/**
 * The one verdict of a certificate found by its code (ADR 0032): the service's record and the
 * QR code's signature together. Only a genuine signature on a valid record (or a valid record
 * when no QR code was scanned) reads as valid; anything else says not to accept it, and why.
 */
export function verdictByCode(input: {
  online: PublicAnswer<PublicTccView> | null;
  /** The signed payload from the QR code, if any. */
  signed: string | null;
  /** Its check; null while it runs. */
  signature: SignatureCheck | null;
  keysOffline: boolean;
}): TccVerdict {
  const { online, signed, signature, keysOffline } = input;
  if (!online || online.state === 'pending') return PENDING;
  if (signed && !signature) return PENDING;
  const bad = signatureVerdict(signature, keysOffline);
  if (bad?.forged) return bad;
  if (online.state === 'failed') {
    return failedVerdict(online.error, signature?.result === 'genuine');
  }
  const view = online.data;
  if (view.status === 'unknown') {
    return {
      tone: 'invalid',
      title: `${DO_NOT_ACCEPT}: no such certificate`,
      text: 'The service has issued no certificate with this verification code. Check the code against the paper; a certificate the service cannot find is not genuine.',
      forged: true,
    };
  }
  if (view.status === 'revoked') {
    return {
      tone: 'invalid',
      title: `${DO_NOT_ACCEPT}: it was revoked`,
      text: 'The service issued this certificate, then revoked it. It no longer proves tax clearance.',
    };
  }
  if (view.status === 'expired') {
    return {
      tone: 'invalid',
      title: `${DO_NOT_ACCEPT}: it has expired`,
      text: `The service issued this certificate, but it expired${view.expiresOn ? ` on ${formatDay(view.expiresOn)}` : ''}. Ask the holder for a current one.`,
    };
  }
  if (bad) return bad;
  return {
    tone: 'valid',
    title: 'Valid certificate',
    text: signed
      ? 'The service issued this certificate, it stands today, and the QR code’s facts are as the service signed them. Compare them with the paper: any difference means the paper was altered.'
      : 'The service issued this certificate and it stands today. Compare the facts below with the paper, or scan its QR code to check its signed facts too.',
  };
}

/**
 * The one verdict of a certificate known only by its number (a paper printed before the codes):
 * its QR code's signature, then whether a valid certificate has that number and the expiry date
 * it signed (ADR 0032).
 */
export function verdictByNumber(input: {
  signature: SignatureCheck | null;
  keysOffline: boolean;
  match: PublicAnswer<PublicMatch> | null;
}): TccVerdict {
  const { signature, keysOffline, match } = input;
  if (!signature) return PENDING;
  const bad = signatureVerdict(signature, keysOffline);
  if (bad) return bad;
  if (!match || match.state === 'pending') return PENDING;
  if (match.state === 'failed') return failedVerdict(match.error, true);
  return match.data.match
    ? {
        tone: 'valid',
        title: 'Valid certificate',
        text: 'The QR code’s facts are as the service signed them, and a valid certificate has this number and expiry date. Compare the facts below with the paper: any difference means the paper was altered.',
      }
    : {
        tone: 'invalid',
        title: `${DO_NOT_ACCEPT}: it is not valid today`,
        text: 'The QR code’s signature is genuine, but no valid certificate has this number and expiry date: it was revoked or has expired. Contact the Board of Internal Revenue.',
      };
}
