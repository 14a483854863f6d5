import '../styles/shell.css';
import { AppShell, Overlay } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { meQuery } from '../lib/api/queries';
import { ExecutivesOnlyPage } from './errors/ExecutivesOnlyPage';
import classes from './OfficerShell.module.css';
import { ServiceFooter } from './ServiceFooter';
import { ShellFrame } from './ShellFrame';
import { HEADER_HEIGHT, InsideShellContext, navbarLayout } from './shellLayout';
import { SHELL_BASES, type ShellBase, ShellBaseContext } from './shellPaths';
import { Sidebar } from './sidebar/Sidebar';
import sidebarClasses from './sidebar/Sidebar.module.css';
import { useSidebarState } from './sidebar/useSidebarState';
import { TopBar } from './topbar/TopBar';

function OfficerShell({ base }: { base: ShellBase }) {
  const { data: me } = useQuery(meQuery());
  const sidebar = useSidebarState();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // The session just ended (Log Out, or the service signed them out): the sign-in page is on
  // its way, so show nothing of the officer's meanwhile: only the frame.
  if (!me) return <ShellFrame />;
  // docs/architecture.md §10: the governor shell is for a signed-in EXECUTIVE, never anyone else.
  if (base === SHELL_BASES.governor && me.user.userType !== 'EXECUTIVE') {
    return <ExecutivesOnlyPage />;
  }

  return (
    <ShellBaseContext.Provider value={base}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={navbarLayout(sidebar)}
        padding={0}
        className={classes.shell}
      >
        <TopBar officer={me.user} sidebar={sidebar} />
        <Sidebar me={me} sidebar={sidebar} />
        {!sidebar.isDesktop && sidebar.isOpen && (
          <Overlay
            fixed
            backgroundOpacity={0.35}
            zIndex={99}
            aria-hidden="true"
            className={sidebarClasses.backdrop}
            onClick={sidebar.close}
          />
        )}
        <AppShell.Main id="main-content" className={classes.main}>
          {/* Keyed by path: each page fades in over 500 ms (docs/product.md §2), see global.css. */}
          <div key={pathname} className={`${classes.page} revdesk-page-enter`}>
            <InsideShellContext.Provider value={true}>
              <Outlet />
            </InsideShellContext.Provider>
          </div>
          <ServiceFooter />
        </AppShell.Main>
      </AppShell>
    </ShellBaseContext.Provider>
  );
}

/*
 * Only the officer shells raise notifications, so their container (and its transitions) comes
 * with the shell's chunk, not with the sign-in page (docs/architecture.md §9 "Web").
 */

/** /birs: every signed-in officer. */
export function BirsShell() {
  return (
    <>
      <Notifications position="top-right" />
      <OfficerShell base={SHELL_BASES.birs} />
    </>
  );
}

/** /governor: signed-in executives only. */
export function GovernorShell() {
  return (
    <>
      <Notifications position="top-right" />
      <OfficerShell base={SHELL_BASES.governor} />
    </>
  );
}
