import { Button, Stack, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { PublicMatch } from '../../../../shared/publicCheck';
import { maskPublicName } from '../../../../shared/publicCode';
import type { TccPayload } from '../../../../shared/tcc/payload';
import type { PublicKeyList, PublicTccView } from '../../../../shared/tcc/views';
import { api } from '../../../lib/api/api';
import { Facts } from '../Facts';
import { ISSUER } from '../issuer';
import { NumberCheck } from '../NumberCheck';
import { formatDay, type Reference } from '../reference';
import { usePublicAnswer } from '../usePublicAnswer';
import { Verdict } from '../Verdict';
import {
  checkTccSignature,
  type LoadedKeys,
  loadTccKeys,
  payloadFromHash,
  type SignatureCheck,
} from './tccSignature';
import { type TccVerdict, verdictByCode, verdictByNumber } from './tccVerdict';

/** The signed payload after `#`, kept up to date if the fragment changes. */
function useHashPayload(): string | null {
  const [payload, setPayload] = useState(() => payloadFromHash(window.location.hash));
  useEffect(() => {
    const read = () => setPayload(payloadFromHash(window.location.hash));
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return payload;
}

/**
 * The QR code's signature, checked in this browser with the service's keys (ADR 0013), fetched
 * and kept for offline use. `expectedNumber` undefined: not known yet, wait.
 */
function useSignature(
  signed: string | null,
  expectedNumber: string | null | undefined,
): { check: SignatureCheck | null; keysOffline: boolean } {
  const [keys, setKeys] = useState<LoadedKeys | null>(null);
  const [check, setCheck] = useState<SignatureCheck | null>(null);
  useEffect(() => {
    if (!signed || keys) return;
    let current = true;
    void loadTccKeys(
      () => api.get<PublicKeyList>('/api/v1/public/keys'),
      typeof localStorage === 'undefined' ? null : localStorage,
    ).then((loaded) => current && setKeys(loaded));
    return () => {
      current = false;
    };
  }, [signed, keys]);
  useEffect(() => {
    setCheck(null);
    if (!signed || !keys || expectedNumber === undefined) return;
    let current = true;
    void checkTccSignature(signed, keys.keys, expectedNumber).then(
      (result) => current && setCheck(result),
    );
    return () => {
      current = false;
    };
  }, [signed, keys, expectedNumber]);
  return { check, keysOffline: keys?.offline ?? false };
}

/**
 * /verify/tcc/{code}#{signed payload}: what a certificate's QR code opens, for a bank, ministry
 * or embassy officer on a phone, with no sign-in. One verdict at the top (ADR 0032): the
 * service's record (valid, revoked, expired, unknown) and the QR code's signature (ADR 0013)
 * together. A certificate printed before the codes carries its number instead: its signed
 * expiry date is matched against the number.
 */
export function VerifyTccPage({ reference }: { reference: Reference }) {
  useDocumentTitle(`Verify a tax clearance certificate · ${ISSUER}`);
  const fromHash = useHashPayload();
  const [pasted, setPasted] = useState<string | null>(null);
  const signed = fromHash ?? pasted;

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Verify a tax clearance certificate
      </Title>
      {'code' in reference ? (
        <TccByCode code={reference.code} signed={signed} />
      ) : signed ? (
        <TccByNumber number={reference.number} signed={signed} />
      ) : (
        <NumberCheck
          what="certificate"
          number={reference.number}
          factLabel="Valid until, as printed on the certificate"
          factKind="date"
          matchUrl={(date) =>
            `/api/v1/public/tcc/match?number=${encodeURIComponent(reference.number)}&expiresOn=${date}`
          }
          matched={{
            title: 'Valid certificate',
            text: 'A valid certificate has this number and this expiry date. Scan its QR code to check its signed facts too.',
          }}
          unmatched={{
            title: 'Do not accept this certificate',
            text: 'No valid certificate has this number and this expiry date: it was mistyped, altered, revoked, has expired or was never issued.',
          }}
        />
      )}
      {!fromHash &&
        (pasted ? (
          <Button variant="subtle" onClick={() => setPasted(null)}>
            Check other signed facts
          </Button>
        ) : (
          <PasteBox onCheck={setPasted} />
        ))}
    </Stack>
  );
}

function VerdictOf({ verdict, retry }: { verdict: TccVerdict; retry?: () => void }) {
  return (
    <Verdict
      tone={verdict.tone}
      title={verdict.title}
      forged={verdict.forged ?? false}
      action={
        verdict.canRetry && retry ? (
          <Button size="xs" variant="white" color="dark" onClick={retry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {verdict.text}
    </Verdict>
  );
}

function TccByCode({ code, signed }: { code: string; signed: string | null }) {
  const { answer: online, retry } = usePublicAnswer<PublicTccView>(`/api/v1/public/tcc/${code}`);
  // The signed number must be the record's; offline, there is no record to compare it with.
  const expectedNumber =
    online?.state === 'done' ? online.data.number : online?.state === 'failed' ? null : undefined;
  const { check, keysOffline } = useSignature(signed, expectedNumber);
  const verdict = verdictByCode({ online, signed, signature: check, keysOffline });
  const view = online?.state === 'done' ? online.data : null;
  return (
    <Stack gap="lg">
      <VerdictOf verdict={verdict} retry={retry} />
      {verdict.tone !== 'pending' && view && view.status !== 'unknown' && (
        <Facts
          title="What the service holds"
          rows={[
            ['Certificate number', view.number ?? '—'],
            ['Holder (masked)', view.maskedName ?? '—'],
            ['Issued on', view.issuedOn ? formatDay(view.issuedOn) : '—'],
            ['Valid until', view.expiresOn ? formatDay(view.expiresOn) : '—'],
            ['Years covered', view.years.join(', ') || '—'],
          ]}
        />
      )}
      {verdict.tone !== 'pending' && check?.result === 'genuine' && (
        <SignedFacts payload={check.payload} />
      )}
    </Stack>
  );
}

function TccByNumber({ number, signed }: { number: string; signed: string }) {
  const { check, keysOffline } = useSignature(signed, number);
  const expiresOn = check?.result === 'genuine' ? check.payload.e : null;
  const { answer: match, retry } = usePublicAnswer<PublicMatch>(
    expiresOn
      ? `/api/v1/public/tcc/match?number=${encodeURIComponent(number)}&expiresOn=${expiresOn}`
      : null,
  );
  const verdict = verdictByNumber({ signature: check, keysOffline, match });
  return (
    <Stack gap="lg">
      <VerdictOf verdict={verdict} retry={retry} />
      {verdict.tone !== 'pending' && check?.result === 'genuine' && (
        <SignedFacts payload={check.payload} />
      )}
    </Stack>
  );
}

/** The QR code's signed facts, the holder masked as everywhere on these pages (no BTIN). */
function SignedFacts({ payload }: { payload: TccPayload }) {
  return (
    <Facts
      title="What the QR code’s signed facts say"
      rows={[
        ['Certificate number', payload.n],
        ['Holder (masked)', maskPublicName(payload.m)],
        ['Issued on', formatDay(payload.i)],
        ['Valid until', formatDay(payload.e)],
        [
          payload.x ? 'Years covered (exempt)' : 'Years and tax paid',
          <Stack gap={2} key="years" component="span">
            {payload.y.map(([year, paidKobo]) => (
              <span key={year}>
                {year}: {payload.x ? 'exempt' : formatKoboAsNaira(paidKobo)}
              </span>
            ))}
          </Stack>,
        ],
      ]}
    />
  );
}

/** Without a fragment (an address typed by hand): the payload text may be pasted from a QR reader. */
function PasteBox({ onCheck }: { onCheck: (signed: string) => void }) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const signed = payloadFromHash(text.includes('#') ? text.slice(text.indexOf('#')) : text);
        if (signed) onCheck(signed);
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Signed facts from the QR code"
          description="Scanning the certificate's QR code checks its signature here. Or paste what a QR reader shows (the whole address, or the text after #)."
          rows={3}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Button type="submit" variant="light" disabled={text.trim() === ''}>
          Check the signature
        </Button>
      </Stack>
    </form>
  );
}
