import { Button, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ISSUER } from './issuer';
import { NumberCheck, type NumberCheckProps } from './NumberCheck';
import type { Reference } from './reference';
import { isOffline, usePublicAnswer } from './usePublicAnswer';
import { Verdict } from './Verdict';

/**
 * The frame of a public check (ADR 0032): its heading, then the answer by the code on the paper,
 * or, for a bare document number, the match against a second fact printed on it. Kept in this
 * folder, with nothing heavier than the pages imported before: the public pages' first load is
 * at most 150 KB (docs/architecture.md §9), without zod or the signed-in shell.
 */
export function CheckFrame(props: {
  /** "Verify a receipt": the heading and the tab's title. */
  title: string;
  reference: Reference;
  byCode: (code: string) => ReactNode;
  byNumber: (number: string) => Omit<NumberCheckProps, 'number'>;
}) {
  const { reference } = props;
  useDocumentTitle(`${props.title} · ${ISSUER}`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {props.title}
      </Title>
      {'code' in reference ? (
        props.byCode(reference.code)
      ) : (
        <NumberCheck {...props.byNumber(reference.number)} number={reference.number} />
      )}
    </Stack>
  );
}

/**
 * The answer by code: one verdict while it is asked, for a code the service does not know (the
 * paper may be forged), when it could not be asked (with "Try again"), and once known, the
 * page's own verdict and facts.
 */
export function AnswerByCode<T>(props: {
  url: string;
  pendingTitle: string;
  notFound: { title: string; text: ReactNode };
  unchecked: { title: string; offlineText: string };
  children: (answer: T) => ReactNode;
}) {
  const { answer, retry } = usePublicAnswer<T>(props.url);
  if (!answer || answer.state === 'pending') {
    return <Verdict tone="pending" title={props.pendingTitle} />;
  }
  if (answer.state === 'failed') {
    if (answer.error.status === 404 || answer.error.status === 422) {
      return (
        <Verdict tone="invalid" title={props.notFound.title} forged>
          {props.notFound.text}
        </Verdict>
      );
    }
    return (
      <Verdict
        tone="unsure"
        title={props.unchecked.title}
        action={
          <Button size="xs" variant="white" color="dark" onClick={retry}>
            Try again
          </Button>
        }
      >
        {isOffline(answer.error) ? props.unchecked.offlineText : answer.error.message}
      </Verdict>
    );
  }
  return <Stack gap="lg">{props.children(answer.data)}</Stack>;
}
