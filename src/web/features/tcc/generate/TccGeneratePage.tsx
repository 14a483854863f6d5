import { Title } from '@mantine/core';
import { useTccScreen } from '../common/useTccScreen';

/** Scaffolding: the generate page of one TCC kind (replaced by the forms). */
export function TccGeneratePage() {
  const screen = useTccScreen();
  return <Title order={1}>{screen.title}</Title>;
}
