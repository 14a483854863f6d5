import { Progress, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A background job's bar and, under it, its words, read out as they change (docs/architecture.md
 * §9 long work: never a frozen page). The budget import and the POS settlement comparison.
 */
export function JobProgressBar(props: {
  percent: number;
  /** The bar's name: "Lines stored". */
  label: string;
  isDone: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Progress value={props.percent} aria-label={props.label} animated={!props.isDone} />
      <Text size="sm" role="status">
        {props.children}
      </Text>
    </>
  );
}
