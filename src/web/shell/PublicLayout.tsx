import { Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';
import classes from './PublicLayout.module.css';
import { ServiceFooter } from './ServiceFooter';

/** The frame of the pages shown outside the officer shell: sign-in and error pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <BrandMark />
      </header>
      <Center component="main" id="main-content" className={classes.main}>
        <div className={`${classes.content} revdesk-page-enter`}>{children}</div>
      </Center>
      <ServiceFooter />
    </div>
  );
}
