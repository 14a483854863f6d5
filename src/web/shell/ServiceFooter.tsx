import { Group, Text } from '@mantine/core';
import classes from './ServiceFooter.module.css';

/** docs/product.md §2: the footer has a copyright line (year 2025) and a provider credit. */
export function ServiceFooter() {
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          © 2025 Bayelsa State Board of Internal Revenue. All rights reserved.
        </Text>
        <Text size="sm" c="dimmed">
          Built with RevDesk
        </Text>
      </Group>
    </footer>
  );
}
