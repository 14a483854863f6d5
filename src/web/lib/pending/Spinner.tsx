import { Loader, type MantineSize } from '@mantine/core';

/**
 * A spinner that says what it waits for. Mantine's Loader is a bare span, which may not carry
 * a name (axe: aria-prohibited-attr, serious): as a progressbar it may, and a screen reader
 * reads the name. A spinner beside text that already says it stays a decorative Loader with
 * aria-hidden.
 */
export function Spinner({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader size={size} role="progressbar" aria-label={label} />;
}
