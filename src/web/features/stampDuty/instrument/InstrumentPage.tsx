import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  INSTRUMENT_TYPE_LABELS,
  PARTY_ROLE_LABELS,
  STAMP_LAW_LABELS,
} from '../../../../shared/stampDuty/enums';
import type { StampInstrumentDetail } from '../../../../shared/stampDuty/schemas';
import { api } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { formatCalendarDate, formatLagosDate, formatPhone } from '../../../lib/format';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { ruleCharge } from '../format';
import { stampInstrumentQuery, stampKeys } from '../queries';
import { StampStatusBadge } from '../StatusBadge';
import { InstrumentScan } from './InstrumentScan';

/** /birs/stamp-duty/instrument/{id}: one instrument, its parties, and what can be done next. */
export function InstrumentPage({ id }: { id: string }) {
  const canRead = usePermission('stamp-duty:read');
  if (!canRead) return <NoAccess title="Stamp duty instrument" />;
  return <Instrument id={id} />;
}

function Instrument({ id }: { id: string }) {
  useDocumentTitle('Stamp duty instrument · RevDesk');
  const base = useShellBase();
  const query = useQuery(stampInstrumentQuery(id));
  if (query.isError) {
    return (
      <DetailLoadError
        heading="Stamp duty instrument"
        what="The instrument"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        missing={{
          title: 'No such instrument',
          text: 'No stamp duty instrument has this address.',
          linkTo: `${base}/stamp-duty/all`,
          linkLabel: 'Back to the instruments',
        }}
      />
    );
  }
  if (!query.data) return <DetailSkeleton label="Loading the instrument…" />;
  return <InstrumentBody instrument={query.data} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  );
}

function InstrumentBody({ instrument: i }: { instrument: StampInstrumentDetail }) {
  const queryClient = useQueryClient();
  const canWrite = usePermission('stamp-duty:write');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: stampKeys.all });
  const action = useMutation({
    mutationFn: (what: 'bill' | 'stamp' | 'cancel') =>
      api.post<unknown>(
        `/api/v1/stamp-duty/instruments/${i.id}/${what}`,
        what === 'cancel' ? { reason } : what === 'bill' ? {} : undefined,
      ),
    onSuccess: async (_data, what) => {
      if (what === 'cancel') setCancelOpen(false);
      await refresh();
    },
  });
  const owesNothing = i.totalKobo === 0;

  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {INSTRUMENT_TYPE_LABELS[i.instrumentType]}
        </Title>
        <StampStatusBadge status={i.status} />
      </Group>
      {i.possiblyFederal && (
        <Alert color="yellow" title="Possibly federal">
          A company is a party to this instrument: before 2026 such instruments were the federal
          service's to stamp (Finance Act 2019). Check which authority collects it.
        </Alert>
      )}
      {i.status === 'cancelled' && (
        <Alert color="red" title="Cancelled">
          {i.cancelReason}
        </Alert>
      )}
      <Card withBorder>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Fact label="Executed on">{formatCalendarDate(i.executedOn)}</Fact>
          <Fact label={i.termYears ? 'Total rent over the term' : 'Consideration'}>
            {formatKoboAsNaira(i.considerationKobo)}
            {i.termYears ? ` over ${i.termYears} years` : ''}
          </Fact>
          <Fact label="Duty">{formatKoboAsNaira(i.dutyKobo)}</Fact>
          <Fact label="Late-stamping penalty">{formatKoboAsNaira(i.penaltyKobo)}</Fact>
          <Fact label="Total">{formatKoboAsNaira(i.totalKobo)}</Fact>
          {i.rrr && <Fact label="RRR">{i.rrr}</Fact>}
          {i.receiptNumber && <Fact label="Receipt">{i.receiptNumber}</Fact>}
          {i.certificateNumber && <Fact label="Certificate">{i.certificateNumber}</Fact>}
          {i.stampedAt && <Fact label="Stamped on">{formatLagosDate(i.stampedAt)}</Fact>}
        </Group>
        <Text size="sm" mt="md">
          {i.description}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          {STAMP_LAW_LABELS[i.law]} — {i.rule.name}: {ruleCharge(i.rule)}
          {i.rule.toConfirm ? ' (to confirm)' : ''}.{i.exemption ? ` ${i.exemption}.` : ''}
        </Text>
      </Card>

      <Title order={2} size="h4">
        Parties
      </Title>
      {/* Three short columns fit a 375 px phone, wrapping: a scroll box would cut one off. */}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>BTIN or phone</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {i.parties.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                {PARTY_ROLE_LABELS[p.role]}
                {p.isCharged ? ' (pays)' : ''}
              </Table.Td>
              <Table.Td>
                {p.name}
                {p.isCompany ? ' (company)' : ''}
              </Table.Td>
              <Table.Td>{p.btin ?? formatPhone(p.phone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <InstrumentScan instrument={i} />

      {action.error && !cancelOpen && (
        <Alert color="red" title="That did not work" role="alert">
          {action.error.message}
        </Alert>
      )}
      <Group wrap="wrap">
        {canWrite && i.status === 'assessed' && !owesNothing && (
          <Button
            loading={action.isPending && action.variables === 'bill'}
            onClick={() => action.mutate('bill')}
          >
            Raise bill (RRR)
          </Button>
        )}
        {canWrite && (i.status === 'paid' || (i.status === 'assessed' && owesNothing)) && (
          <Button
            loading={action.isPending && action.variables === 'stamp'}
            onClick={() => action.mutate('stamp')}
          >
            Stamp instrument
          </Button>
        )}
        {i.status === 'stamped' && (
          <Anchor
            href={`/api/v1/stamp-duty/instruments/${i.id}/certificate.pdf`}
            onClick={() => setTimeout(() => void refresh(), 1_000)}
          >
            Download the certificate (PDF)
          </Anchor>
        )}
        {canWrite && (i.status === 'assessed' || i.status === 'billed') && (
          <Button variant="default" color="red.9" onClick={() => setCancelOpen(true)}>
            Cancel instrument
          </Button>
        )}
      </Group>

      <AppModal
        opened={cancelOpen}
        onClose={() => setCancelOpen(false)}
        title="Cancel this instrument"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate('cancel');
          }}
        >
          <Stack>
            <Textarea
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              required
              data-autofocus
            />
            {action.error && (
              <Alert color="red" role="alert">
                {action.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" color="red.9" loading={action.isPending}>
                Cancel instrument
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}
