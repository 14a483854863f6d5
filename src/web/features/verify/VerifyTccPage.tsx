import {
  Alert,
  Button,
  Center,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockExclamation,
  IconQuestionMark,
  IconShieldCheck,
  IconShieldX,
  IconWifiOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { formatKoboAsNaira } from '../../../shared/money';
import type { TccPayload } from '../../../shared/tcc/payload';
import type { PublicTccView } from '../../../shared/tcc/views';
import { isApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { Spinner } from '../../lib/pending/Spinner';
import { PublicLayout } from '../../shell/PublicLayout';
import { publicTccQuery, tccKeysQuery } from './queries';
import { checkTccSignature, payloadFromHash } from './tccSignature';

/** The number in the path: encoded in the QR code (BIRS%2FTCC%2F2026%2F000042) or typed with its slashes. */
function numberOf(splat: string): string {
  try {
    return decodeURIComponent(splat).trim();
  } catch {
    return splat.trim();
  }
}

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

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={1} spacing="xs" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * /verify/tcc/{number}#{signed payload}: what a certificate's QR code opens (ADR 0013), for a
 * bank, ministry or embassy officer on a phone, with no sign-in. Two answers: the service's own
 * (valid, revoked, expired, unknown) and the signature's, checked in this browser with the keys
 * it keeps — which still works offline, where only revocation cannot be known.
 */
export function VerifyTccPage({ path }: { path: string }) {
  const number = numberOf(path);
  useDocumentTitle('Verify a tax clearance certificate · RevDesk');
  const fromHash = useHashPayload();
  const [pasted, setPasted] = useState<string | null>(null);
  const signed = fromHash ?? pasted;

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h3">
              Verify a tax clearance certificate
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Certificate number {number || '(none given)'}
            </Text>
          </div>
          <OnlineAnswer number={number} />
          {signed ? (
            <SignatureAnswer signed={signed} number={number} />
          ) : (
            <PasteBox onCheck={setPasted} />
          )}
          {!fromHash && pasted && (
            <Button variant="subtle" onClick={() => setPasted(null)}>
              Check other signed facts
            </Button>
          )}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

/** The service's answer: valid, revoked, expired or unknown. */
function OnlineAnswer({ number }: { number: string }) {
  const online = useQuery({ ...publicTccQuery(number), enabled: number !== '' });
  if (number === '') return null;
  if (online.isPending) {
    return (
      <Center p="md">
        <Spinner label="Asking the service about this certificate" />
      </Center>
    );
  }
  if (online.isError) {
    const cannotReach = isApiError(online.error) && online.error.code === 'NETWORK_FAILURE';
    return (
      <Alert
        color="gray"
        variant="light"
        role="status"
        icon={<IconWifiOff size={20} aria-hidden="true" />}
        title={cannotReach ? 'No connection to the service' : 'The service could not answer'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {cannotReach
              ? 'Whether this certificate was revoked cannot be checked without a connection.'
              : online.error.message}
          </Text>
          <Button size="xs" variant="light" onClick={() => void online.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <StatusAnswer view={online.data} />;
}

const STATUS_LOOK = {
  valid: {
    color: 'revenue',
    title: 'VALID certificate',
    icon: IconCircleCheck,
    text: 'The Board of Internal Revenue issued this certificate and it stands today.',
  },
  revoked: {
    color: 'red.9',
    title: 'REVOKED — not valid',
    icon: IconAlertTriangle,
    text: 'The Board issued this certificate, then revoked it. It no longer proves tax clearance.',
  },
  expired: {
    // A dark orange: white text on it reads at AA contrast, as on the red and green ones.
    color: '#9a3412',
    title: 'EXPIRED',
    icon: IconClockExclamation,
    text: 'The Board issued this certificate, but it is past its expiry date. Ask the holder for a current one.',
  },
  unknown: {
    color: 'red.9',
    title: 'UNKNOWN certificate',
    icon: IconQuestionMark,
    text: 'The Board has issued no certificate with this number. Check the number on the paper; a certificate the Board cannot find is not genuine.',
  },
} as const;

function StatusAnswer({ view }: { view: PublicTccView }) {
  const look = STATUS_LOOK[view.status];
  const Icon = look.icon;
  return (
    <Stack gap="md">
      <Alert
        color={look.color}
        variant="filled"
        role={view.status === 'valid' ? 'status' : 'alert'}
        icon={<Icon size={28} aria-hidden="true" />}
        title={
          <Text component="span" fz={{ base: 22, xs: 26 }} fw={800} lh={1.2}>
            {look.title}
          </Text>
        }
        data-status={view.status}
      >
        {look.text}
      </Alert>
      {view.status !== 'unknown' && (
        <Facts
          rows={[
            ['Holder (masked)', view.maskedName ?? '—'],
            ['BTIN', view.btin ?? '—'],
            ['Issued on', view.issuedOn ? formatCalendarDate(view.issuedOn) : '—'],
            ['Expires on', view.expiresOn ? formatCalendarDate(view.expiresOn) : '—'],
            ['Years covered', view.years.join(', ') || '—'],
          ]}
        />
      )}
    </Stack>
  );
}

/** The signature's answer, checked in this browser (ADR 0013). */
function SignatureAnswer({ signed, number }: { signed: string; number: string }) {
  const keys = useQuery(tccKeysQuery());
  const check = useQuery({
    queryKey: ['tcc-signature', signed, number, keys.data?.keys.map((k) => k.keyId)] as const,
    queryFn: () => checkTccSignature(signed, keys.data?.keys ?? [], number || null),
    enabled: keys.isSuccess,
    retry: false,
  });
  if (!check.data) {
    return (
      <Center p="md">
        <Spinner label="Checking the certificate's signature" />
      </Center>
    );
  }
  const offline = keys.data?.offline ?? true;
  const result = check.data;
  if (result.result === 'genuine') {
    return (
      <Stack gap="md">
        <Alert
          color="revenue"
          variant="light"
          role="status"
          icon={<IconShieldCheck size={24} aria-hidden="true" />}
          title="Signature genuine"
        >
          {offline
            ? 'Signature genuine — revocation needs a connection. The facts below are as the Board signed them; compare them with the paper.'
            : 'The facts below are as the Board signed them. Compare them with the paper: any difference means the paper was altered.'}
        </Alert>
        <SignedFacts payload={result.payload} />
      </Stack>
    );
  }
  if (result.result === 'unsupported') {
    return (
      <Alert color="gray" variant="light" role="status" title="Signature not checked">
        This browser cannot check the certificate's signature. Rely on the service's answer above,
        or open this page in a current browser.
      </Alert>
    );
  }
  if (result.result === 'unknown_key' && offline) {
    return (
      <Alert color="gray" variant="light" role="status" title="Signature not checked yet">
        This browser has not yet kept the Board's signing keys. Open this page once with a
        connection; after that it checks signatures offline too.
      </Alert>
    );
  }
  const why =
    result.result === 'not_genuine' && result.reason === 'other_number'
      ? `The QR code carries the signed facts of another certificate (${result.payload?.n}), not of ${number}.`
      : result.result === 'not_genuine' && result.reason === 'unreadable'
        ? 'The QR code does not hold a signed certificate: it was cut short, garbled or made by someone else.'
        : 'The facts in the QR code were not signed by the Board, or were changed after signing.';
  return (
    <Alert
      color="red.9"
      variant="filled"
      role="alert"
      icon={<IconShieldX size={28} aria-hidden="true" />}
      title={
        <Text component="span" fz={{ base: 22, xs: 26 }} fw={800} lh={1.2}>
          Signature NOT GENUINE
        </Text>
      }
      data-signature="not-genuine"
    >
      {why} Do not accept this certificate; contact the Board of Internal Revenue.
    </Alert>
  );
}

function SignedFacts({ payload }: { payload: TccPayload }) {
  return (
    <Facts
      rows={[
        ['Certificate number', payload.n],
        ['Name', payload.m],
        ['BTIN', payload.b],
        ['Issued on', formatCalendarDate(payload.i)],
        ['Expires on', formatCalendarDate(payload.e)],
        [
          payload.x ? 'Years covered (exempt)' : 'Years and tax paid',
          <Stack gap={2} key="years">
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

/** Without a fragment (a URL typed by hand): the payload text may be pasted from a QR reader. */
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
          description="Scan the certificate's QR code to check its signature here. Or paste what a QR reader shows (the whole address, or the text after #)."
          autosize
          minRows={3}
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
