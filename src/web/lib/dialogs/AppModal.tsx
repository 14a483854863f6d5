import { Drawer, type DrawerProps, Modal, type ModalProps } from '@mantine/core';
import { useEffect } from 'react';

/**
 * The house dialog (WAI-ARIA APG "Dialog (Modal)"): rendered in a portal over a dimmed page,
 * focus moved in on open (to the element marked `data-autofocus`, else the first tabbable one)
 * and kept there, the page behind made inert, focus given back to the opener on close.
 * Every Modal and Drawer in src/web goes through these two components (ADR 0012).
 */

/** Dialogs open right now, nested ones included: the page stays inert until the last closes. */
let openDialogs = 0;

/** Where the app renders (index.html); Mantine's portals mount beside it, under <body>. */
function appRoot(): HTMLElement | null {
  return document.getElementById('root');
}

/**
 * While `opened`: the app behind the dialog is `inert` (out of the Tab order and of the
 * accessibility tree), and on close focus goes back to the control that had it at opening.
 * Mantine's own return (`returnFocus`) runs only when `opened` turns false; a dialog that is
 * unmounted instead (RaiseBillModal, MatchPayerModal) would leave focus on <body>.
 */
function usePageBehindDialog(opened: boolean): void {
  useEffect(() => {
    const root = appRoot();
    if (!opened || !root) return;
    // Read before `inert` is set: an inert element loses focus.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs += 1;
    root.inert = true;
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) root.inert = false;
      // After the dialog's own unmount: if focus is nowhere, or still in the closing dialog,
      // it goes back to the opener. Focus moved on purpose into the page (a link) stays there.
      window.setTimeout(() => {
        const active = document.activeElement;
        const isFocusLost = !active || active === document.body || !root.contains(active);
        const isOpenerInAnotherDialog = opener !== null && !root.contains(opener);
        if (!opener?.isConnected || !isFocusLost) return;
        if (root.inert && !isOpenerInAnotherDialog) return;
        opener.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}

type StaticProp = {
  /** docs/product.md §2 "Modals are static": neither Escape nor a click on the backdrop closes it. */
  isStatic?: boolean;
};

/**
 * Mantine's Modal with the house defaults. A click on the backdrop never closes it (a form
 * half-filled is not lost to a stray click); `isStatic` also ignores Escape.
 */
export function AppModal({ isStatic = false, ...props }: ModalProps & StaticProp) {
  usePageBehindDialog(props.opened);
  return (
    <Modal
      withinPortal
      trapFocus
      returnFocus={false}
      withOverlay
      closeOnClickOutside={false}
      closeOnEscape={!isStatic}
      {...props}
    />
  );
}

/** Mantine's Drawer with the same defaults; a drawer closes on Escape and on its backdrop. */
export function AppDrawer(props: DrawerProps) {
  usePageBehindDialog(props.opened);
  return <Drawer withinPortal trapFocus returnFocus={false} withOverlay {...props} />;
}
