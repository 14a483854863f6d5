import { Loader, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconHelpTriangle,
  IconShieldX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './Verdict.module.css';

/**
 * One verdict per check, at the top (ADR 0032): `valid` only when everything checked says so;
 * `invalid` says plainly not to accept the paper and why; `unsure` when this device could not
 * finish the check (no connection, an old browser) — not to accept it yet either.
 */
export type VerdictTone = 'valid' | 'invalid' | 'unsure' | 'pending';

export type VerdictProps = {
  tone: VerdictTone;
  title: string;
  children?: ReactNode;
  /** What can be done about it (try again): under the text. */
  action?: ReactNode;
  /** `forged`: the QR code or the paper does not hold what the service signed. */
  forged?: boolean;
};

/**
 * The verdict's box keeps one height from the first paint ("Checking…") to the answer, so
 * nothing below it moves as it arrives (docs/architecture.md §9: CLS < 0.1).
 */
export function Verdict({ tone, title, children, action, forged = false }: VerdictProps) {
  const Icon =
    tone === 'valid'
      ? IconCircleCheck
      : tone === 'invalid'
        ? forged
          ? IconShieldX
          : IconAlertTriangle
        : IconHelpTriangle;
  return (
    <section
      className={classes.verdict}
      data-verdict={tone}
      role={tone === 'invalid' ? 'alert' : 'status'}
      aria-live="polite"
      aria-busy={tone === 'pending'}
    >
      <div className={classes.icon} aria-hidden="true">
        {tone === 'pending' ? <Loader size={28} color="gray.7" /> : <Icon size={32} />}
      </div>
      <div className={classes.body}>
        <Text component="h2" className={classes.title}>
          {title}
        </Text>
        {children && (
          <Text component="div" size="sm" className={classes.text}>
            {children}
          </Text>
        )}
        {action && <div className={classes.action}>{action}</div>}
      </div>
    </section>
  );
}
