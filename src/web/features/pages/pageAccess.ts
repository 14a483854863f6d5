import { findMenuItemByLink, MENU, type MenuItem } from '../../../shared/menu';
import { SHELL_AREAS, type ShellBase } from '../../shell/shellPaths';

export type ShellPathKind =
  /** A page of the officer's own menu. */
  | { kind: 'page'; link: string; item: MenuItem }
  /** A page of the full menu that the officer's user type does not see (the server refuses it too). */
  | { kind: 'no-access'; link: string; item: MenuItem }
  /** Neither: the error page. */
  | { kind: 'unknown'; link: string };

/**
 * What a path below a shell is: `splat` is the part after `/birs/` or `/governor/`, e.g.
 * `taxs/pending-tcc-da-director`. `userMenu` is the menu `/api/v1/auth/me` returned.
 */
export function classifyShellPath(
  base: ShellBase,
  splat: string,
  userMenu: readonly MenuItem[],
): ShellPathKind {
  const trimmed = splat.replace(/\/+$/, '');
  const link = `/birs/${trimmed}`;
  const area = trimmed.split('/')[0] ?? '';
  if (!SHELL_AREAS[base].includes(area)) return { kind: 'unknown', link };

  const own = findMenuItemByLink(userMenu, link);
  if (own) return { kind: 'page', link, item: own };
  const anywhere = findMenuItemByLink(MENU, link);
  if (anywhere) return { kind: 'no-access', link, item: anywhere };
  return { kind: 'unknown', link };
}
