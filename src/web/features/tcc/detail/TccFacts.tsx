import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  TCC_EXEMPTION_REASON_LABELS,
  TCC_KIND_LABELS,
  TCC_PURPOSE_LABELS,
} from '../../../../shared/tcc/enums';
import type { TccView } from '../../../../shared/tcc/views';
import { formatCalendarDate, formatLagosDate, formatPhone } from '../../../lib/format';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { STATUS_LABELS as PAYMENT_STATUS_LABELS, shownRrr } from '../../payments/format';

/** A label over its value; a value that is missing reads "—". */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The person the certificate is for, as recorded when it was generated or last amended. */
export function HolderCard({ view }: { view: TccView }) {
  const base = useShellBase();
  const canReadTaxpayers = usePermission('taxpayer:read');
  return (
    <Card title="Holder">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Name">
          {canReadTaxpayers ? (
            <Anchor component={Link} to={`${base}/taxpayer/${view.btin}`}>
              {view.holder.name}
            </Anchor>
          ) : (
            view.holder.name
          )}
        </Fact>
        <Fact label="BTIN">{view.btin}</Fact>
        <Fact label="National ID (NIN)">{view.holder.nationalId}</Fact>
        <Fact label="Phone">{formatPhone(view.holder.phone)}</Fact>
        <Fact label="Address">{view.holder.address}</Fact>
      </SimpleGrid>
    </Card>
  );
}

/**
 * What the certificate is for and what it rests on: purpose, source of income, the facts of its
 * kind (exemption, employer, MDA), its fee, and once approved its dates and prints.
 */
export function CertificateCard({ view }: { view: TccView }) {
  return (
    <Card title="Certificate">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label="Kind">{TCC_KIND_LABELS[view.kind]}</Fact>
        <Fact label="Purpose">
          {TCC_PURPOSE_LABELS[view.purpose]}
          {view.purposeDetail ? `: ${view.purposeDetail}` : ''}
        </Fact>
        <Fact label="Source of income">{view.sourceOfIncome}</Fact>
        <Fact label="Generated">
          {formatLagosDate(view.generatedAt)}
          {view.generatedBy ? ` by ${view.generatedBy.name}` : ''}
        </Fact>
        {view.exemption && (
          <>
            <Fact label="Why not liable">{TCC_EXEMPTION_REASON_LABELS[view.exemption.reason]}</Fact>
            <Fact label="Evidence seen">{view.exemption.evidenceNote}</Fact>
          </>
        )}
        {view.employer && (
          <Fact label="Employer">
            {view.employer.name} · BTIN {view.employer.btin}
          </Fact>
        )}
        {view.mda && <Fact label="MDA">{view.mda.name}</Fact>}
        {view.mda && <Fact label="Staff number">{view.staffNumber}</Fact>}
        {view.fee && (
          <>
            <Fact label="Processing fee">{formatKoboAsNaira(view.fee.amountKobo)}</Fact>
            <Fact label="Fee RRR">
              {view.fee.rrr ? shownRrr(view.fee.rrr) : 'Not raised yet'}
              {view.fee.paymentStatus ? ` (${PAYMENT_STATUS_LABELS[view.fee.paymentStatus]})` : ''}
            </Fact>
          </>
        )}
        {view.issuedAt && <Fact label="Issued">{formatLagosDate(view.issuedAt)}</Fact>}
        {view.expiresOn && <Fact label="Valid until">{formatCalendarDate(view.expiresOn)}</Fact>}
        {view.issuedAt && (
          <Fact label="Printed">
            {view.printCount === 0
              ? 'Not yet'
              : `${view.printCount === 1 ? 'Once' : `${view.printCount} times`}${view.lastPrintedAt ? `, last on ${formatLagosDate(view.lastPrintedAt)}` : ''}`}
          </Fact>
        )}
      </SimpleGrid>
      {view.comment && <Fact label="Officer's comment">{view.comment}</Fact>}
    </Card>
  );
}
