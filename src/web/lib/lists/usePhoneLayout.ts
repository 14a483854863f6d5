import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below 576 px (Mantine's `xs`, a phone held upright) lists show cards and filters fold into a
 * drawer (docs/architecture.md §9: every list works at 375 px wide). Read at once, not in an effect, so a
 * phone never paints the desktop table first.
 */
export const PHONE_QUERY = `(max-width: ${em(575.98)})`;

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, window.matchMedia(PHONE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
}
