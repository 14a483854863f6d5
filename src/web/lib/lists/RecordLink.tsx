import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A list row's key cell (a certificate or notice number, a BTIN) as a real link to the
 * record's page: a keyboard user tabs to it and opens it with Enter, anyone can open it in a
 * new tab. The row's own click opens the same page for the mouse; the link's click stops
 * there so the page is not opened twice.
 */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} onClick={(event) => event.stopPropagation()}>
      {children}
    </Anchor>
  );
}
