import './styles/core.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Draws the web app's root into #root, inside Mantine's provider: for both pages the build
 * makes, the app (main.tsx) and the sign-in page on its own (signInEntry.tsx). Returns how to
 * draw something else in its place (the sign-in page hands over to the app that way).
 */
export function renderRoot(children: ReactNode): (next: ReactNode) => void {
  /**
   * The nonce the server put in this page for the <style> tags Mantine injects (ADR 0014): the
   * CSP takes no inline <style> without it. Absent under the Vite dev server, which sends no CSP.
   */
  const styleNonce =
    document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
  const getStyleNonce = () => styleNonce;
  // Mantine's modals and drawers lock scrolling with react-remove-scroll, whose <style> tag takes
  // its nonce from get-nonce, which reads this global (its documented alternative to setNonce).
  if (styleNonce) Object.assign(window, { __webpack_nonce__: styleNonce });

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  const wrap = (content: ReactNode) => (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        getStyleNonce={getStyleNonce}
      >
        {content}
      </MantineProvider>
    </StrictMode>
  );
  let root = createRoot(container);
  root.render(wrap(children));
  // A new root for what comes next: nothing of the page before it is kept.
  return (next) => {
    root.unmount();
    root = createRoot(container);
    root.render(wrap(next));
  };
}

/** Where the skip link of every page leads (WCAG 2.4.1): the page's `<main id="main-content">`. */
export function SkipLink() {
  return (
    <a className="revdesk-skip-link" href="#main-content">
      Skip to main content
    </a>
  );
}
