import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ServiceFooter } from '../../shell/ServiceFooter';
import { ISSUER } from './issuer';
import classes from './VerifyLayout.module.css';

/**
 * The frame of the public checks: the revenue service's name at the top (it issued the paper;
 * RevDesk is only the software, named in the footer), the page's content aligned to the top, so
 * that nothing above it moves as the answer arrives (docs/architecture.md §9: no layout shift).
 */
export function VerifyLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <span className={classes.crest} aria-hidden="true">
          BIR
        </span>
        <Text component="span" fw={700} c="revenue.9" lh={1.25}>
          {ISSUER}
        </Text>
      </header>
      <main id="main-content" className={classes.main}>
        <div className={classes.content}>{children}</div>
      </main>
      <ServiceFooter />
    </div>
  );
}
