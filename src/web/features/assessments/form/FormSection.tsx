import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of an assessment form: both kinds' sections look and read alike. */
export function FormSection(props: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
