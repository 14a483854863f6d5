import { createContext, useContext } from 'react';

export const SHELL_BASES = { birs: '/birs', governor: '/governor' } as const;
export type ShellBase = (typeof SHELL_BASES)[keyof typeof SHELL_BASES];

/** SPEC.md §2: the child areas of both shells; stamp-duty only in the birs shell. */
const COMMON_AREAS = [
  'admin',
  'dashboard',
  'mda',
  'signage',
  'taxs',
  'taxpayer',
  'transactions',
  'verification',
  'reporting',
  'form-elements',
  'general',
] as const;

export const SHELL_AREAS: Record<ShellBase, readonly string[]> = {
  '/birs': [...COMMON_AREAS, 'stamp-duty'],
  '/governor': COMMON_AREAS,
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
