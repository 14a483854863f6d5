export const DEFAULT_SIGNED_IN_PATH = '/birs/dashboard';

// Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/host` is `//host`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

const SIGN_IN_PATHS = ['/auth/login', '/account/login'];

/**
 * Where to go after signing in: the `returnUrl` when it is a path on this site, else the
 * dashboard. `//host` and `/\host` are other sites to a browser, so they are refused.
 */
export function safeReturnUrl(returnUrl: string | undefined): string {
  if (returnUrl === undefined || !returnUrl.startsWith('/')) return DEFAULT_SIGNED_IN_PATH;
  if (returnUrl.startsWith('//') || UNSAFE_CHARACTERS.test(returnUrl))
    return DEFAULT_SIGNED_IN_PATH;
  if (SIGN_IN_PATHS.some((path) => returnUrl === path || returnUrl.startsWith(`${path}?`))) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  return returnUrl;
}
