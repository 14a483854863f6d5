import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a check found, as a description list: the facts to compare with the paper. */
export function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Stack gap="xs">
      <Text component="h2" fw={700} size="md" m={0}>
        {title}
      </Text>
      <Stack component="dl" gap="xs" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
