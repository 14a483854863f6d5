import { Badge, NavLink, Text, Tooltip } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import type { MenuItem } from '../../../shared/menu/types';
import { type ShellBase, toShellPath } from '../shellPaths';
import { MenuIconGlyph } from './menuIcons';
import classes from './Sidebar.module.css';

/** The colours of the menu's badge variants (the old portal's Bootstrap names). */
const BADGE_COLORS: Record<string, string> = {
  success: 'green.9',
  danger: 'red.9',
  warning: 'notice.8',
  info: 'blue.9',
  primary: 'revenue.7',
};

export type SidebarMenuProps = {
  items: readonly MenuItem[];
  base: ShellBase;
  pathname: string;
  folded: boolean;
  /** Open state of groups the officer toggled; a group not in here is open when it holds the page. */
  toggledGroups: Readonly<Record<string, boolean>>;
  onToggleGroup: (groupId: string, opened: boolean) => void;
  /** A group chosen on the folded rail: unfold the sidebar and open that group. */
  onOpenFromRail: (groupId: string) => void;
};

function visible(items: readonly MenuItem[] | undefined): MenuItem[] {
  return (items ?? []).filter((item) => item.status !== false);
}

function holdsPath(item: MenuItem, base: ShellBase, pathname: string): boolean {
  if (item.link && toShellPath(base, item.link) === pathname) return true;
  return visible(item.subItems).some((child) => holdsPath(child, base, pathname));
}

/**
 * Whether a shell path has a page of its own: a menu link whose part of RevDesk is not built
 * falls through to the shell's catch-all (features/pages/routes.tsx), which says "Coming Soon".
 * Read from the router itself, so a feature's routes.tsx is the only list of what is built.
 */
function useHasOwnPage(): (path: string) => boolean {
  const router = useRouter();
  return (path) => {
    const [, , found] = router.getMatchedRoutes(path);
    return found !== undefined && !found.id.endsWith('/$');
  };
}

function ItemBadge({ item, built }: { item: MenuItem; built: boolean }) {
  // docs/product.md §2: items without a status show 'Coming Soon'; so does a link RevDesk has
  // no page for yet, so that nobody has to open it to find out.
  if (item.status === undefined || !built) {
    return (
      <Badge size="xs" color="notice.8" variant="filled">
        Coming Soon
      </Badge>
    );
  }
  if (!item.badge) return null;
  return (
    <Badge size="xs" color={BADGE_COLORS[item.badge.variant] ?? 'gray.8'} variant="filled">
      {item.badge.text}
    </Badge>
  );
}

function MenuEntry({
  item,
  depth,
  ...props
}: SidebarMenuProps & { item: MenuItem; depth: number }) {
  const { base, pathname, folded, toggledGroups, onToggleGroup, onOpenFromRail } = props;
  const hasOwnPage = useHasOwnPage();
  const icon = depth === 1 ? <MenuIconGlyph name={item.icon} /> : undefined;
  const children = visible(item.subItems);
  const isActive = holdsPath(item, base, pathname);

  if (children.length > 0) {
    if (folded) {
      return (
        <Tooltip label={item.label} position="right" withArrow>
          <NavLink
            component="button"
            type="button"
            aria-label={item.label}
            leftSection={icon}
            active={isActive}
            className={classes.railLink}
            onClick={() => onOpenFromRail(item.id)}
          />
        </Tooltip>
      );
    }
    const opened = toggledGroups[item.id] ?? isActive;
    return (
      <NavLink
        component="button"
        type="button"
        label={item.label}
        leftSection={icon}
        rightSection={undefined}
        opened={opened}
        onChange={(next) => onToggleGroup(item.id, next)}
        aria-expanded={opened}
        childrenOffset={depth === 1 ? 28 : 'md'}
        className={classes.link}
      >
        {children.map((child) => (
          <MenuEntry key={child.id} {...props} item={child} depth={depth + 1} />
        ))}
      </NavLink>
    );
  }

  if (!item.link) return null;
  const path = toShellPath(base, item.link);
  const isCurrent = path === pathname;
  const built = hasOwnPage(path);
  if (folded) {
    const label = built && item.status !== undefined ? item.label : `${item.label} (Coming Soon)`;
    return (
      <Tooltip label={label} position="right" withArrow>
        <NavLink
          component={Link}
          to={path}
          aria-label={label}
          aria-current={isCurrent ? 'page' : undefined}
          leftSection={icon}
          active={isCurrent}
          className={classes.railLink}
        />
      </Tooltip>
    );
  }
  return (
    <NavLink
      component={Link}
      to={path}
      label={item.label}
      leftSection={icon}
      rightSection={<ItemBadge item={item} built={built} />}
      active={isCurrent}
      aria-current={isCurrent ? 'page' : undefined}
      className={classes.link}
    />
  );
}

/** The officer's menu (docs/product.md §2 Sidebar): section titles, groups up to three levels, pages. */
export function SidebarMenu(props: SidebarMenuProps) {
  return (
    <>
      {visible(props.items).map((item) =>
        item.isTitle ? (
          props.folded ? (
            <div key={item.id} className={classes.railDivider} />
          ) : (
            <Text key={item.id} component="h2" className={classes.sectionTitle}>
              {item.label}
            </Text>
          )
        ) : (
          <MenuEntry key={item.id} {...props} item={item} depth={1} />
        ),
      )}
    </>
  );
}
