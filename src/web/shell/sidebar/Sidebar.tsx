import { AppShell, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { IconCloudCheck, IconFileSpreadsheet, IconLogout, IconReceipt2 } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { MeResponse } from '../../../shared/auth';
import { useSignOut } from '../../features/auth/useSignOut';
import { useLazyDialog } from '../../lib/dialogs/useLazyDialog';
import { useShellBase } from '../shellPaths';
import type { CheckKind } from '../topbar/CheckModals';
import classes from './Sidebar.module.css';
import { SidebarMenu } from './SidebarMenu';
import type { SidebarState } from './useSidebarState';

export const SIDEBAR_ID = 'revdesk-sidebar';

/** The RRR check dialogs validate with zod: fetched on the first opening (docs/architecture.md §9 "Web"). */
const loadCheckModals = () => import('../topbar/CheckModals').then((module) => module.CheckModals);

function SidebarAction(props: {
  label: string;
  icon: ReactNode;
  folded: boolean;
  onClick: () => void;
  /** What the action says while it runs ("Signing out…"): clicks wait, the text stays readable. */
  busyLabel?: string;
}) {
  const { icon, folded, onClick, busyLabel } = props;
  const label = busyLabel ?? props.label;
  // Not Mantine's `disabled`: it greys the label below the contrast WCAG asks for, and a
  // sign-out is short enough that saying what happens serves better than dimming.
  const link = (
    <NavLink
      component="button"
      type="button"
      label={folded ? undefined : label}
      aria-label={folded ? label : undefined}
      aria-disabled={busyLabel === undefined ? undefined : true}
      leftSection={icon}
      onClick={busyLabel === undefined ? onClick : undefined}
      className={folded ? classes.railLink : classes.link}
    />
  );
  if (!folded) return link;
  return (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  );
}

/** docs/product.md §2 Sidebar: the role's menu, the RRR checks, Logout. */
export function Sidebar({ me, sidebar }: { me: MeResponse; sidebar: SidebarState }) {
  const base = useShellBase();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [toggledGroups, setToggledGroups] = useState<Record<string, boolean>>({});
  const [openCheck, setOpenCheck] = useState<CheckKind | null>(null);
  const checks = useLazyDialog(loadCheckModals, openCheck !== null);
  const { signOut, isSigningOut } = useSignOut();
  const can = (permission: MeResponse['permissions'][number]) =>
    me.permissions.includes(permission);

  return (
    <AppShell.Navbar
      id={SIDEBAR_ID}
      aria-label="Main menu"
      data-folded={String(sidebar.isFolded)}
      data-open={String(sidebar.isOpen)}
      inert={!sidebar.isOpen}
      className={classes.navbar}
    >
      <AppShell.Section grow component={ScrollArea} type="scroll" className={classes.menu}>
        <SidebarMenu
          items={me.menu}
          base={base}
          pathname={pathname}
          folded={sidebar.isFolded}
          toggledGroups={toggledGroups}
          onToggleGroup={(id, opened) =>
            setToggledGroups((groups) => ({ ...groups, [id]: opened }))
          }
          onOpenFromRail={(id) => {
            setToggledGroups((groups) => ({ ...groups, [id]: true }));
            sidebar.unfold();
          }}
        />
      </AppShell.Section>
      <AppShell.Section className={classes.actions}>
        {can('rrr:check') && (
          <SidebarAction
            label="Check RRR"
            icon={<IconReceipt2 size={20} stroke={1.6} aria-hidden="true" />}
            folded={sidebar.isFolded}
            onClick={() => setOpenCheck('rrr')}
          />
        )}
        {can('rrr:check:batch') && (
          <SidebarAction
            label="Check RRR (Multiple)"
            icon={<IconFileSpreadsheet size={20} stroke={1.6} aria-hidden="true" />}
            folded={sidebar.isFolded}
            onClick={() => setOpenCheck('rrr-batch')}
          />
        )}
        {can('evas:check') && (
          <SidebarAction
            label="Auto Reg/EVAS Check Status"
            icon={<IconCloudCheck size={20} stroke={1.6} aria-hidden="true" />}
            folded={sidebar.isFolded}
            onClick={() => setOpenCheck('evas')}
          />
        )}
        <SidebarAction
          label="Logout"
          icon={<IconLogout size={20} stroke={1.6} aria-hidden="true" />}
          folded={sidebar.isFolded}
          onClick={signOut}
          busyLabel={isSigningOut ? 'Signing out…' : undefined}
        />
      </AppShell.Section>
      {checks.Dialog && (
        <checks.Dialog open={checks.opened ? openCheck : null} onClose={() => setOpenCheck(null)} />
      )}
    </AppShell.Navbar>
  );
}
