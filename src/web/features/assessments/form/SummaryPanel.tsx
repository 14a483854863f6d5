import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The tax as the officer types, in the same titled card beside either kind's form. */
export function SummaryPanel(props: { titleId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={props.titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={props.titleId}>
          Tax computation
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}
