import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Draws `children` once the place they hold comes within `margin` of the screen, and
 * `placeholder` (in their shape) until then. For a part below a tall form that the officer
 * scrolls to, if ever: its code and its data then stay out of the page's first load
 * (docs/architecture.md §9). Once drawn, it stays.
 */
export function WhenNear({
  placeholder,
  children,
  margin = '400px',
}: {
  placeholder: ReactNode;
  children: ReactNode;
  margin?: string;
}) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: margin });
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setIsNear(true);
  }, [entry]);
  if (isNear) return children;
  return <div ref={ref}>{placeholder}</div>;
}
