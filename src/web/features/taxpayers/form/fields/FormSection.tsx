import { Fieldset, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields; its legend names the group for screen readers too. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}
