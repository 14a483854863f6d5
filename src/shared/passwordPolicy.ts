/**
 * The password policy, zod-free: the profile page's change-password form checks it at first
 * draw, and zod stays off a page's first load (docs/architecture.md §9 "Web"). auth.ts
 * re-exports it with the schemas that use it.
 */

/** Sane maxima: nobody's username or e-mail is longer; a passphrase may be long but not a megabyte. */
export const USERNAME_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

/** NIST SP 800-63B: length over composition rules; we add "not the username". */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) {
    return 'Your password cannot be your username.';
  }
  return null;
}
