import { createContext, useContext } from 'react';
import { BIRS_CHILD_AREAS, SHELL_CHILD_AREAS } from '../../shared/menu/areas';

export const SHELL_BASES = { birs: '/birs', governor: '/governor' } as const;
export type ShellBase = (typeof SHELL_BASES)[keyof typeof SHELL_BASES];

/** docs/product.md §2: the child areas of each shell; stamp-duty only in the birs shell. */
export const SHELL_AREAS: Record<ShellBase, readonly string[]> = {
  '/birs': BIRS_CHILD_AREAS,
  '/governor': SHELL_CHILD_AREAS,
};

/** Menu links are written under /birs/; inside the governor shell they open under /governor/. */
export function toShellPath(base: ShellBase, link: string): string {
  return link.startsWith('/birs/') ? `${base}${link.slice('/birs'.length)}` : link;
}

/** The menu link a path in a shell stands for: `/governor/x/y` → `/birs/x/y`. */
export function toMenuLink(base: ShellBase, path: string): string {
  return path.startsWith(`${base}/`) ? `/birs${path.slice(base.length)}` : path;
}

export const ShellBaseContext = createContext<ShellBase>(SHELL_BASES.birs);

export function useShellBase(): ShellBase {
  return useContext(ShellBaseContext);
}
