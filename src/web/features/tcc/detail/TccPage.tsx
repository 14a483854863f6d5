import { Title } from '@mantine/core';

/** Scaffolding: one certificate's page (replaced by the detail page). */
export function TccPage() {
  return <Title order={1}>Tax clearance certificate</Title>;
}
