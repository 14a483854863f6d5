import { Title } from '@mantine/core';
import { useTccScreen } from '../common/useTccScreen';

/** Scaffolding: the list of one SPEC TCC screen (replaced by the list page). */
export function TccListPage() {
  const screen = useTccScreen();
  return <Title order={1}>{screen.title}</Title>;
}
