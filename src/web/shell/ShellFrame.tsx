import { AppShell, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { type AnyRoute, useRouter, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { PageSkeleton } from '../lib/pending/skeletons';
import { BrandMark } from './BrandMark';
import shellClasses from './OfficerShell.module.css';
import { ServiceFooter } from './ServiceFooter';
import classes from './ShellFrame.module.css';
import { HEADER_HEIGHT, navbarLayout } from './shellLayout';
import { useSidebarState } from './sidebar/useSidebarState';

/** The widths of the menu's placeholder lines: uneven, as labels are. */
const MENU_LINES = ['70%', '55%', '80%', '62%', '74%', '50%', '66%'];

/** The page's own pending shape (a table, a record), when the route being loaded has one. */
function useLeafPendingShape(): ComponentType | undefined {
  const router = useRouter();
  const routeId = useRouterState({
    select: (state): string | undefined => state.matches.at(-1)?.routeId,
  });
  if (routeId === undefined) return undefined;
  const route = (router.routesById as Record<string, AnyRoute | undefined>)[routeId];
  const shape = route?.options.pendingComponent as ComponentType | undefined;
  return shape === ShellFrame ? undefined : shape;
}

/**
 * The officer shell's frame — top bar, sidebar, footer — painted at once while the session
 * check (/auth/me) and the shell's code load, with the page's skeleton in it: the first load
 * of a /birs page is never a white page (docs/architecture.md §9). Nothing of the officer shows until
 * the server has said who they are (the guard in router.tsx, docs/product.md §2).
 */
export function ShellFrame() {
  const sidebar = useSidebarState();
  const PageShape = useLeafPendingShape() ?? PageSkeleton;
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={navbarLayout(sidebar)}
      padding={0}
      className={shellClasses.shell}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap">
            <Skeleton height={34} width={34} radius="md" />
            <BrandMark nameClassName={classes.brandName} />
          </Group>
          <Group gap="sm" wrap="nowrap" aria-hidden="true">
            <Skeleton height={36} radius="xl" className={classes.search} />
            <Skeleton height={34} circle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        aria-label="Main menu"
        aria-busy="true"
        inert={!sidebar.isOpen}
        className={classes.navbar}
      >
        <VisuallyHidden role="status">Loading the menu…</VisuallyHidden>
        <Stack gap="md" mt="xs" aria-hidden="true">
          {MENU_LINES.map((width) =>
            sidebar.isFolded ? (
              <Skeleton key={width} height={28} width={28} radius="md" mx="auto" />
            ) : (
              <Group key={width} gap="sm" wrap="nowrap">
                <Skeleton height={20} width={20} radius="sm" />
                <Skeleton height={12} width={width} />
              </Group>
            ),
          )}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" className={shellClasses.main}>
        <div className={shellClasses.page}>
          <PageShape />
        </div>
        <ServiceFooter />
      </AppShell.Main>
    </AppShell>
  );
}
