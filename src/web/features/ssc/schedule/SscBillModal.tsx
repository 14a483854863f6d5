import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  SSC_CATEGORY_LABELS,
  SSC_COLLECTING_MDA_CODE,
  SSC_REVENUE_HEAD_CODE,
  SSC_REVENUE_HEAD_NAME,
} from '../../../../shared/ssc/enums';
import type { SscScheduleDetail } from '../../../../shared/ssc/views';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { activeMdasQuery } from '../../demandNotices/queries';
import { revenueHeadsQuery } from '../../payments/queries';
import { monthText } from '../format';
import { billSscSchedule, sscKeys } from '../queries';

/**
 * "Raise bill" on an SSC schedule, confirmed: the officer sees who pays, how much, and which
 * MDA collects under which revenue head (the revenue service, code BIRS, and the SSC levy's
 * head, shared/ssc/enums.ts) before one RRR is raised. The bill names that MDA and head, so
 * what was shown is what is billed; when either is missing the dialog says what an
 * administrator must add, as the server's 422 would.
 */
export function SscBillModal({
  schedule,
  onClose,
}: {
  schedule: SscScheduleDetail;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mdas = useQuery(activeMdasQuery());
  const collector = mdas.data?.find((m) => m.code === SSC_COLLECTING_MDA_CODE) ?? null;
  const heads = useQuery(revenueHeadsQuery(collector?.id ?? null));
  const head = heads.data?.items.find((h) => h.code === SSC_REVENUE_HEAD_CODE && h.isActive);
  const bill = useMutation({
    mutationFn: () =>
      billSscSchedule(schedule.id, {
        mdaId: collector?.id,
        revenueHeadCode: SSC_REVENUE_HEAD_CODE,
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(sscKeys.schedule(schedule.id), detail);
      void queryClient.invalidateQueries({ queryKey: sscKeys.lists() });
      onClose();
    },
  });
  const isLoading = mdas.isPending || (collector !== null && heads.isPending);
  const missing = isLoading
    ? null
    : !collector
      ? `No active MDA has the code ${SSC_COLLECTING_MDA_CODE}, the revenue service that collects the SSC levy. An administrator must add it under Manage MDAs.`
      : !head
        ? `${collector.name} has no active revenue head ${SSC_REVENUE_HEAD_CODE} (${SSC_REVENUE_HEAD_NAME}). An administrator must add it under Manage MDAs.`
        : null;
  const facts: [string, string][] = [
    ['Paid by', `${schedule.mda.name} (${schedule.mda.code})`],
    [
      'For',
      `${SSC_CATEGORY_LABELS[schedule.category]}, ${monthText(schedule.month)} (${schedule.staffCount.toLocaleString('en-NG')} staff)`,
    ],
    ['Amount', formatKoboAsNaira(schedule.levyKobo)],
    [
      'Collected by',
      collector ? `${collector.name} (${collector.code})` : isLoading ? 'Loading…' : 'Not set up',
    ],
    [
      'Revenue head',
      `${SSC_REVENUE_HEAD_CODE} · ${head?.name ?? SSC_REVENUE_HEAD_NAME}${head || isLoading ? '' : ' (not set up)'}`,
    ],
  ];
  return (
    <AppModal
      opened
      onClose={onClose}
      title="Raise the SSC bill"
      closeButtonProps={{ 'aria-label': 'Close the SSC bill' }}
    >
      <Stack>
        <Text size="sm">
          One RRR for the whole levy, paid into the collecting MDA's Remita account under this
          revenue head.
        </Text>
        <SimpleGrid component="dl" cols={1} m={0} spacing="xs" aria-label="The bill">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {missing && (
          <Alert color="red" variant="light" title="This bill cannot be raised yet" role="alert">
            {missing}
          </Alert>
        )}
        {mdas.isError && (
          <CheckFailureAlert title="The collecting MDA could not be read" error={mdas.error} />
        )}
        {bill.isError && <CheckFailureAlert title="The bill was not raised" error={bill.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button
            loading={bill.isPending}
            disabled={isLoading || missing !== null || mdas.isError}
            onClick={() => bill.mutate()}
          >
            Raise bill
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
