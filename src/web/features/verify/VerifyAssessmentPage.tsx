import { Alert, Button, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_STATUS_LABELS,
} from '../../../shared/assessments/enums';
import type { PublicAssessmentView } from '../../../shared/assessments/notices';
import { formatKoboAsNaira } from '../../../shared/money';
import { api, isApiError } from '../../lib/api';
import { formatLagosDate } from '../../lib/format';
import { Spinner } from '../../lib/pending/Spinner';
import { PublicLayout } from '../../shell/PublicLayout';

/** What the public may learn of a notice. Notice numbers hold '/', so the number is encoded. */
const publicAssessmentQuery = (noticeNumber: string) =>
  queryOptions({
    queryKey: ['public-assessment', noticeNumber] as const,
    queryFn: () =>
      api.get<PublicAssessmentView>(
        `/api/v1/public/assessments/${encodeURIComponent(noticeNumber)}`,
      ),
    // A "not found" is an answer, not a hiccup to retry.
    retry: false,
  });

/** The notice number in the path, encoded by the QR code (BIRS%2FDA%2F…) or typed with slashes. */
function noticeNumberOf(splat: string): string {
  try {
    return decodeURIComponent(splat).trim();
  } catch {
    // A stray '%' that is no escape: the number is taken as it was typed.
    return splat.trim();
  }
}

/**
 * /verify/assessment/{noticeNumber}: anyone holding a notice of assessment, with no sign-in,
 * learns whether RevDesk issued it and whether it still stands — and nothing about the
 * taxpayer beyond a masked name (docs/product.md §7 Assessment; as the receipt check).
 */
export function VerifyAssessmentPage({ path }: { path: string }) {
  const noticeNumber = noticeNumberOf(path);
  useDocumentTitle('Verify a notice of assessment · RevDesk');
  const notice = useQuery({
    ...publicAssessmentQuery(noticeNumber),
    enabled: noticeNumber !== '',
  });
  const isNotFound =
    noticeNumber === '' ||
    (notice.isError &&
      isApiError(notice.error) &&
      (notice.error.status === 404 || notice.error.code === 'VALIDATION_FAILED'));

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h3">
            Verify a notice of assessment
          </Title>
          {isNotFound ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconQuestionMark size={20} aria-hidden="true" />}
              title="Notice not found"
            >
              No notice of assessment has the number {noticeNumber || '(none given)'}. Check it
              against the printed notice, or scan its QR code again. A notice RevDesk cannot find
              may be forged: do not rely on it, and contact the Board of Internal Revenue.
            </Alert>
          ) : notice.isPending ? (
            <Center p="lg">
              <Spinner label="Checking the notice" />
            </Center>
          ) : notice.data ? (
            <NoticeAnswer notice={notice.data} />
          ) : (
            <Alert color="red" variant="light" role="alert" title="The notice could not be checked">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{notice.error?.message}</Text>
                <Button size="xs" onClick={() => void notice.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

function NoticeAnswer({ notice }: { notice: PublicAssessmentView }) {
  const facts: [string, string][] = [
    ['Notice number', notice.noticeNumber],
    ['Taxpayer', notice.maskedName],
    ['Year of assessment', String(notice.taxYear)],
    ['Kind', ASSESSMENT_KIND_LABELS[notice.kind]],
    ['Tax assessed', formatKoboAsNaira(notice.amountKobo)],
    ['Status', ASSESSMENT_STATUS_LABELS[notice.status]],
    ['Issued on', formatLagosDate(notice.issuedAt)],
  ];
  return (
    <Stack gap="md">
      {notice.isGenuine ? (
        <Alert
          color="revenue"
          variant="filled"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title="Genuine notice"
        >
          RevDesk issued this notice of assessment, and it stands.
        </Alert>
      ) : (
        <Alert
          color="red.9"
          variant="filled"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={
            notice.status === 'cancelled' ? 'This notice was cancelled' : 'This notice was replaced'
          }
        >
          RevDesk issued this notice, but it no longer stands:{' '}
          {notice.status === 'cancelled'
            ? 'it was cancelled.'
            : 'an objection revised it, and a new notice replaced it.'}{' '}
          Ask the taxpayer for the current notice.
        </Alert>
      )}
      <SimpleGrid component="dl" cols={1} spacing="sm" m={0}>
        {facts.map(([label, value]) => (
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
    </Stack>
  );
}
