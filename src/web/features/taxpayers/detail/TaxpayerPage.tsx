import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import '../../../styles/forms.css';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEdit, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LABELS, type TaxpayerView } from '../../../../shared/taxpayers';
import { isApiError } from '../../../lib/api/api';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { TaxpayerPending } from '../../../lib/pending/pendingShapes';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { TaxpayerAssessments } from '../../assessments/detail/TaxpayerAssessments';
import { TaxpayerPayments } from '../../payments/bills/TaxpayerPayments';
import { EditTaxpayerModal } from '../form/EditTaxpayerModal';
import { KIND_PAGES, STATUS_COLORS, statusLabel } from '../format';
import { taxpayerQuery } from '../queries';
import { PhotoCard } from './PhotoCard';
import { TaxpayerHistory } from './TaxpayerHistory';
import { TaxpayerProfile } from './TaxpayerProfile';

/** /birs/taxpayer/$btin: one taxpayer's record, its photo and its change history. */
export function TaxpayerPage({ btin }: { btin: string }) {
  const canRead = usePermission('taxpayer:read');
  if (!canRead) return <NoAccess title="Taxpayer" />;
  return <TaxpayerRecord btin={btin} />;
}

function TaxpayerRecord({ btin }: { btin: string }) {
  const base = useShellBase();
  const taxpayer = useQuery(taxpayerQuery(btin));
  useDocumentTitle(`${taxpayer.data?.displayName ?? `BTIN ${btin}`} · RevDesk`);

  if (taxpayer.isPending) return <TaxpayerPending />;
  if (taxpayer.isError) {
    const error = taxpayer.error;
    const isNotFound =
      isApiError(error) &&
      (error.code === 'TAXPAYER_NOT_FOUND' || error.code === 'VALIDATION_FAILED');
    if (isNotFound) return <NotFound btin={btin} />;
    return (
      <DetailLoadError
        heading={`BTIN ${btin}`}
        what="The taxpayer"
        error={error}
        isRetrying={taxpayer.isFetching}
        onRetry={() => void taxpayer.refetch()}
      />
    );
  }
  return <TaxpayerDetails view={taxpayer.data} base={base} />;
}

function TaxpayerDetails({ view, base }: { view: TaxpayerView; base: string }) {
  const canWrite = usePermission('taxpayer:write');
  const canReadPayments = usePermission('payment:read');
  const canReadAssessments = usePermission('assessment:read');
  const [isEditing, setEditing] = useState(false);
  const listPage = KIND_PAGES[view.kind];
  return (
    <Stack gap="lg">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component={Link} to={`${base}/${listPage.path}`}>
            {listPage.title}
          </Anchor>
          <Text span>{view.btin}</Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {view.displayName}
          </Title>
          <Group gap="sm">
            <Text fw={600}>BTIN {view.btin}</Text>
            <Badge color={STATUS_COLORS[view.status]} variant="filled">
              {statusLabel(view.status)}
            </Badge>
            <Badge color="gray.7" variant="outline">
              {LABELS.kind[view.kind]}
            </Badge>
          </Group>
        </Stack>
        {canWrite && (
          <Button
            leftSection={<IconEdit size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <PhotoCard view={view} canUpload={canWrite} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <TaxpayerProfile view={view} />
        </Grid.Col>
      </Grid>
      {canReadPayments || canReadAssessments ? (
        // What the taxpayer paid and was assessed sits beside what changed in their record.
        <Tabs defaultValue="history" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="history">Change history</Tabs.Tab>
            {canReadPayments && <Tabs.Tab value="payments">Payments</Tabs.Tab>}
            {canReadAssessments && <Tabs.Tab value="assessments">Assessments</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="history" pt="md">
            <TaxpayerHistory btin={view.btin} />
          </Tabs.Panel>
          {canReadPayments && (
            <Tabs.Panel value="payments" pt="md">
              <TaxpayerPayments btin={view.btin} payerName={view.displayName} />
            </Tabs.Panel>
          )}
          {canReadAssessments && (
            <Tabs.Panel value="assessments" pt="md">
              <TaxpayerAssessments btin={view.btin} />
            </Tabs.Panel>
          )}
        </Tabs>
      ) : (
        <TaxpayerHistory btin={view.btin} />
      )}
      {canWrite && isEditing && <EditTaxpayerModal view={view} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function NotFound({ btin }: { btin: string }) {
  const base = useShellBase();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Taxpayer not found
      </Title>
      <Alert
        color="notice"
        variant="light"
        icon={<IconUserQuestion size={18} />}
        role="note"
        title={`No taxpayer has BTIN ${btin}`}
      >
        Check the BTIN: it is ten digits, and the last one is a check digit, so a single mistyped
        digit is caught. You can look the taxpayer up by name in the lists.
      </Alert>
      <Group>
        <Button component={Link} to={`${base}/${KIND_PAGES.individual.path}`}>
          Individual Taxpayers
        </Button>
        <Button component={Link} to={`${base}/${KIND_PAGES.corporate.path}`} variant="default">
          Corporate Taxpayers
        </Button>
      </Group>
    </Stack>
  );
}
