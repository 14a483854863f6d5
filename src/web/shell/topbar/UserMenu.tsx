import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OfficerView } from '../../../shared/auth';
import { USER_TYPE_LABELS } from '../../../shared/userTypeEnums';
import { useSignOut } from '../../features/auth/useSignOut';
import { formatPhone } from '../../lib/format';
import classes from './TopBar.module.css';

function initialsOf(officer: OfficerView): string {
  return `${officer.firstName.charAt(0)}${officer.surname.charAt(0)}`.toUpperCase();
}

/** docs/product.md §2 Top bar: the officer's details, a Profile link and Log Out. */
export function UserMenu({ officer }: { officer: OfficerView }) {
  const { signOut } = useSignOut();
  const fullName = `${officer.firstName} ${officer.surname}`;
  const officerType = USER_TYPE_LABELS[officer.userType];
  return (
    // No initial-focus placeholder: Mantine's is a tabbable `role="presentation"` div, which a
    // `role="menu"` may not contain (axe aria-required-children, critical).
    <Menu
      position="bottom-end"
      width={280}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/* WCAG 2.5.3 label in name: the label starts with the visible name. The initials and
            the user type repeat what the name and the menu's card say, so they are hidden from
            assistive technology and the visible text is the name alone. */}
        <UnstyledButton className={classes.userButton} aria-label={`${fullName}, account menu`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="revenue" variant="filled" radius="xl" size={34} aria-hidden="true">
              {initialsOf(officer)}
            </Avatar>
            <Stack gap={0} className={classes.userButtonText}>
              <Text size="sm" fw={600} lh={1.2}>
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} aria-hidden="true">
                {officerType}
              </Text>
            </Stack>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.userCard}>
          <Text component="div" fw={700}>
            {fullName}
          </Text>
          <Text component="div" size="sm">
            {officerType}
          </Text>
          <Text component="div" size="sm" c="dimmed">
            Officer ID: {officer.officerId}
          </Text>
          <Text component="div" size="sm" c="dimmed" className={classes.breakAll}>
            {officer.email}
          </Text>
          <Text component="div" size="sm" c="dimmed">
            {formatPhone(officer.phoneNumber)}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/taxpayer/profile"
          leftSection={<IconUserCircle size={18} aria-hidden="true" />}
        >
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={signOut}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
