import 'mantine-datatable/styles.css';
import '../../styles/tables.css';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DemandNoticeView } from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import { AppModal } from '../../lib/dialogs/AppModal';
import { DetailLoadError } from '../../lib/failures/DetailLoadError';
import { formatCalendarDate, formatPhone } from '../../lib/format';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { ReasonForm } from '../payments/history/ReasonForm';
import { noticeRrrText } from './format';
import { NoticeLines } from './NoticeLines';
import { NoticeStatusBadge } from './NoticeStatusBadge';
import {
  cancelDemandNotice,
  demandNoticeKeys,
  demandNoticePdfUrl,
  demandNoticeQuery,
  raiseDemandNoticeBillAgain,
} from './queries';

/** /birs/mda/demand-notices/$id: one demand notice, its lines and bill, its PDF, and cancelling it. */
export function DemandNoticePage({ id }: { id: string }) {
  const canRead = usePermission('demand-notice:read');
  if (!canRead) return <NoAccess title="Demand notice" />;
  return <DemandNotice id={id} />;
}

function DemandNotice({ id }: { id: string }) {
  const query = useQuery(demandNoticeQuery(id));
  const notice = query.data;
  useDocumentTitle(`${notice ? `Demand notice ${notice.number}` : 'Demand notice'} · RevDesk`);
  if (query.isError) {
    return (
      <DetailLoadError
        heading="Demand notice"
        what="The demand notice"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!notice) return <Text c="dimmed">Loading the demand notice…</Text>;
  return <NoticeDetails notice={notice} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function NoticeDetails({ notice }: { notice: DemandNoticeView }) {
  const canCancel = usePermission('demand-notice:issue');
  const [cancelling, setCancelling] = useState(false);
  const isCancellable =
    notice.paidKobo === 0 && notice.status !== 'cancelled' && notice.status !== 'paid';
  // Remita refused the bill: the payer has no RRR to pay by until it is raised again.
  const isBillRefused =
    notice.bill?.status === 'failed' && notice.status !== 'cancelled' && notice.paidKobo === 0;
  const queryClient = useQueryClient();
  const rebill = useMutation({
    mutationFn: () => raiseDemandNoticeBillAgain(notice.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(demandNoticeKeys.one(notice.id), updated);
      void queryClient.invalidateQueries({ queryKey: demandNoticeKeys.report() });
    },
    // A 409 means another officer raised it meanwhile: show the notice as it now stands.
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: demandNoticeKeys.one(notice.id) }),
  });
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            Demand notice {notice.number}
          </Title>
          <Text c="dimmed" size="sm">
            {notice.mda.name}
          </Text>
        </div>
        <Group>
          <NoticeStatusBadge status={notice.status} />
          <Button component="a" href={demandNoticePdfUrl(notice.id)} download variant="light">
            Download PDF
          </Button>
          {canCancel && isCancellable && (
            <Button color="red.9" variant="outline" onClick={() => setCancelling(true)}>
              Cancel notice
            </Button>
          )}
        </Group>
      </Group>
      {isBillRefused && (
        <Alert color="red" variant="light" title="Remita refused the bill" role="note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              This notice has no RRR: the payer cannot pay it until its bill is raised again.
            </Text>
            {canCancel && (
              <Button loading={rebill.isPending} onClick={() => rebill.mutate()}>
                Raise the bill again
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {rebill.error && (
        <Alert color="red" title="The bill was not raised" role="alert">
          {rebill.error.message}
        </Alert>
      )}
      {notice.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="Cancelled" role="note">
          {notice.cancelReason}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Payer">{notice.payerName}</Fact>
          <Fact label="BTIN">{notice.btin}</Fact>
          <Fact label="Phone">{formatPhone(notice.payerPhone)}</Fact>
          <Fact label="RRR">
            <span data-testid="notice-rrr">{noticeRrrText(notice.bill)}</span>
          </Fact>
          <Fact label="Issued">{formatCalendarDate(notice.issuedOn)}</Fact>
          <Fact label="Due">{formatCalendarDate(notice.dueOn)}</Fact>
          <Fact label="Total">{formatKoboAsNaira(notice.totalKobo)}</Fact>
          <Fact label="Paid">{formatKoboAsNaira(notice.paidKobo)}</Fact>
          <Fact label="Outstanding">{formatKoboAsNaira(notice.outstandingKobo)}</Fact>
          <Fact label="Issued by">{notice.createdBy ?? '—'}</Fact>
        </SimpleGrid>
      </Paper>
      <NoticeLines lines={notice.lines} />
      {cancelling && <CancelModal notice={notice} onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

function CancelModal({ notice, onClose }: { notice: DemandNoticeView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelDemandNotice(notice.id, reason),
    onSuccess: (updated) => {
      queryClient.setQueryData(demandNoticeKeys.one(notice.id), updated);
      void queryClient.invalidateQueries({ queryKey: demandNoticeKeys.report() });
      onClose();
    },
  });
  return (
    <AppModal opened onClose={onClose} title={`Cancel demand notice ${notice.number}`}>
      <ReasonForm
        title="Cancel the demand notice"
        description="Why the notice is withdrawn. Its RRR is cancelled with it; a notice with money on it cannot be cancelled."
        submitLabel="Cancel notice"
        isPending={cancel.isPending}
        error={cancel.error}
        onSubmit={(input) => cancel.mutate(input.reason)}
        onCancel={onClose}
      />
    </AppModal>
  );
}
