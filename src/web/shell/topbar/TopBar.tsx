import { ActionIcon, AppShell, Badge, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconMenu2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OfficerView } from '../../../shared/auth';
import { systemQuery } from '../../lib/api/queries';
import { BrandMark } from '../BrandMark';
import { useShellBase } from '../shellPaths';
import { SIDEBAR_ID } from '../sidebar/Sidebar';
import type { SidebarState } from '../sidebar/useSidebarState';
import { TaxpayerSearch } from './TaxpayerSearch';
import classes from './TopBar.module.css';
import { UserMenu } from './UserMenu';

/** docs/product.md §2 Top bar: sidebar toggle, taxpayer search, the officer's menu. */
export function TopBar({ officer, sidebar }: { officer: OfficerView; sidebar: SidebarState }) {
  const base = useShellBase();
  const { data: system } = useQuery(systemQuery());
  const isExpanded = sidebar.isDesktop ? !sidebar.isFolded : sidebar.isOpen;
  return (
    <AppShell.Header className={classes.header}>
      <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            aria-label="Toggle sidebar"
            aria-controls={SIDEBAR_ID}
            aria-expanded={isExpanded}
            onClick={sidebar.toggle}
          >
            {isExpanded && sidebar.isDesktop ? (
              <IconLayoutSidebarLeftCollapse size={22} aria-hidden="true" />
            ) : (
              <IconMenu2 size={22} aria-hidden="true" />
            )}
          </ActionIcon>
          <Link to={`${base}/dashboard`} className={classes.brand}>
            <BrandMark nameClassName={classes.brandName} />
          </Link>
          {system?.demoMode && (
            <Badge color="notice.8" variant="filled" className={classes.demoBadge}>
              Demo data
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap" className={classes.right}>
          <TaxpayerSearch />
          <UserMenu officer={officer} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
