import { createContext } from 'react';
import type { SidebarState } from './sidebar/useSidebarState';

/**
 * The shell's frame, shared by the officer shell and the frame painted while it loads
 * (ShellFrame), so the page does not move when the one replaces the other.
 */
export const HEADER_HEIGHT = 64;
const SIDEBAR_WIDTH = 264;
const RAIL_WIDTH = 72;

export function navbarLayout(sidebar: SidebarState) {
  return {
    width: sidebar.isFolded ? RAIL_WIDTH : SIDEBAR_WIDTH,
    breakpoint: 'md',
    collapsed: { mobile: !sidebar.isOpen, desktop: false },
  } as const;
}

/** True inside the officer shell: a page there is drawn in the shell's frame, not its own. */
export const InsideShellContext = createContext(false);
