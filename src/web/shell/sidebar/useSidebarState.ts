import { useMediaQuery } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';

/** Mantine's `md` breakpoint (62em): from here up the sidebar sits beside the page. */
export const DESKTOP_QUERY = '(min-width: 62em)';
/** docs/product.md §9: the sidebar auto-folds from 992 to 1199 px. */
const FOLD_BAND_QUERY = '(min-width: 62em) and (max-width: 74.99em)';

export type SidebarState = {
  /** Wide enough for the sidebar to sit beside the page (≥ 992 px). */
  isDesktop: boolean;
  /** A narrow icon-only rail (desktop only). */
  isFolded: boolean;
  /** Visible: always on desktop, on a small screen only after the toggle opened it. */
  isOpen: boolean;
  toggle: () => void;
  unfold: () => void;
  close: () => void;
};

/**
 * docs/product.md §2 Sidebar: folds or opens on the toggle; auto-folds at 992–1199 px and starts open
 * from 1200 px; at 991 px and below it is an overlay, hidden until toggled, closed on navigation.
 */
export function useSidebarState(): SidebarState {
  const options = { getInitialValueInEffect: false };
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, options);
  const isInFoldBand = useMediaQuery(FOLD_BAND_QUERY, false, options);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const [isFolded, setFolded] = useState(isInFoldBand);
  const [isMobileOpen, setMobileOpen] = useState(false);

  // Adjusting state while rendering (react.dev "You might not need an effect"): crossing a
  // width boundary resets the fold, and a new page closes the small-screen overlay.
  const [lastBand, setLastBand] = useState(isInFoldBand);
  if (lastBand !== isInFoldBand) {
    setLastBand(isInFoldBand);
    setFolded(isInFoldBand);
  }
  const [lastPathname, setLastPathname] = useState(pathname);
  if (lastPathname !== pathname) {
    setLastPathname(pathname);
    setMobileOpen(false);
  }
  const [lastIsDesktop, setLastIsDesktop] = useState(isDesktop);
  if (lastIsDesktop !== isDesktop) {
    setLastIsDesktop(isDesktop);
    setMobileOpen(false);
  }

  return {
    isDesktop,
    isFolded: isDesktop && isFolded,
    isOpen: isDesktop || isMobileOpen,
    toggle: () => (isDesktop ? setFolded((folded) => !folded) : setMobileOpen((open) => !open)),
    unfold: () => setFolded(false),
    close: () => setMobileOpen(false),
  };
}
