import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { PublicMatch } from '../../../shared/publicCheck';
import { isOffline, usePublicAnswer } from './usePublicAnswer';
import { Verdict } from './Verdict';

/** "₦25,000.50", "25000.5" or "25,000" → kobo; null when it is no amount. */
export function koboOfTyped(text: string): number | null {
  const cleaned = text.replace(/[₦,\s]|NGN/gi, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

export type NumberCheckProps = {
  /** "receipt", "notice", "certificate". */
  what: string;
  number: string;
  /** What is asked of the paper: "Amount paid, as printed on the receipt". */
  factLabel: string;
  factKind: 'amount' | 'date';
  /** The match URL for the fact as typed (kobo, or YYYY-MM-DD). */
  matchUrl: (fact: string) => string;
  /** The verdict's words when it matches. */
  matched: { title: string; text: string };
  /** Why it may not match, after "No … has this number and this …". */
  unmatched: { title: string; text: string };
};

/**
 * A document number with no code (a paper printed before the codes, or a number typed from it):
 * the number alone answers only "match" or "no match" against a second fact printed on the
 * paper (ADR 0032). One verdict, at the top, as for a code.
 */
export function NumberCheck(props: NumberCheckProps) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const { answer, retry } = usePublicAnswer<PublicMatch>(asked);

  function submit(event: FormEvent) {
    event.preventDefault();
    const fact = props.factKind === 'amount' ? koboOfTyped(typed) : typed;
    if (fact === null || fact === '') {
      setInvalid(
        props.factKind === 'amount'
          ? 'Enter the amount as printed, for example 25,000.00'
          : 'Enter the date as printed',
      );
      return;
    }
    setInvalid(null);
    setAsked(props.matchUrl(String(fact)));
  }

  return (
    <Stack gap="lg">
      {answer === null ? (
        <Verdict tone="unsure" title={`Not checked yet: the ${props.what} needs one more fact`}>
          This address holds only the {props.what} number, {props.number}, which anyone could type.
          Enter below what the paper prints to check it. Do not accept the {props.what} until it
          matches.
        </Verdict>
      ) : answer.state === 'pending' ? (
        <Verdict tone="pending" title={`Checking the ${props.what}…`} />
      ) : answer.state === 'failed' ? (
        <Verdict
          tone="unsure"
          title={`The ${props.what} could not be checked`}
          action={
            <Button size="xs" variant="white" color="dark" onClick={retry}>
              Try again
            </Button>
          }
        >
          {isOffline(answer.error)
            ? 'There is no connection to the service. Do not accept it until it has been checked.'
            : answer.error.message}
        </Verdict>
      ) : answer.data.match ? (
        <Verdict tone="valid" title={props.matched.title}>
          {props.matched.text}
        </Verdict>
      ) : (
        <Verdict tone="invalid" title={props.unmatched.title}>
          {props.unmatched.text}
        </Verdict>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label={props.factLabel}
            type={props.factKind === 'date' ? 'date' : 'text'}
            inputMode={props.factKind === 'amount' ? 'decimal' : undefined}
            value={typed}
            error={invalid}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit" variant="light">
            Check the {props.what}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
