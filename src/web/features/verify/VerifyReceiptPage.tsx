import { Alert, Button, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatKoboAsNaira } from '../../../shared/money';
import type { PublicReceiptView } from '../../../shared/payments/views';
import { isApiError } from '../../lib/api';
import { formatLagosDate } from '../../lib/format';
import { Spinner } from '../../lib/pending/Spinner';
import { PublicLayout } from '../../shell/PublicLayout';
import { publicReceiptQuery } from './queries';

/**
 * The receipt number in the path. The e-receipt's QR code encodes it (BIRS%2F2026%2F0000001);
 * a number typed by hand may come with its slashes as they are: both are the same receipt.
 */
function receiptNumberOf(splat: string): string {
  try {
    return decodeURIComponent(splat).trim();
  } catch {
    // A stray '%' that is no escape: the number is taken as it was typed.
    return splat.trim();
  }
}

/**
 * /verify/receipt/{receiptNumber}: anyone holding an e-receipt, with no sign-in,
 * learns whether RevDesk issued it — and nothing about the payer beyond a masked name.
 */
export function VerifyReceiptPage({ path }: { path: string }) {
  const receiptNumber = receiptNumberOf(path);
  useDocumentTitle('Verify a receipt · RevDesk');
  const receipt = useQuery(publicReceiptQuery(receiptNumber));
  const isNotFound =
    receipt.isError &&
    isApiError(receipt.error) &&
    (receipt.error.status === 404 || receipt.error.code === 'VALIDATION_FAILED');

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h3">
            Verify a receipt
          </Title>
          {receipt.isPending ? (
            <Center p="lg">
              <Spinner label="Checking the receipt" />
            </Center>
          ) : receipt.data ? (
            <ReceiptAnswer receipt={receipt.data} />
          ) : isNotFound ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconQuestionMark size={20} aria-hidden="true" />}
              title="Receipt not found"
            >
              No receipt has the number {receiptNumber || '(none given)'}. Check it against the
              printed receipt, or scan its QR code again. A receipt RevDesk cannot find is not
              genuine: ask the payer for proof of payment, or contact the Board of Internal Revenue.
            </Alert>
          ) : (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title="The receipt could not be checked"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{receipt.error?.message}</Text>
                <Button size="xs" onClick={() => void receipt.refetch()}>
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

function ReceiptAnswer({ receipt }: { receipt: PublicReceiptView }) {
  const facts: [string, string][] = [
    ['Receipt number', receipt.receiptNumber],
    ['Amount', formatKoboAsNaira(receipt.amountKobo)],
    ['Date paid', formatLagosDate(receipt.paidAt)],
    ['MDA', receipt.mdaName],
    ['Payer', receipt.payerName],
  ];
  return (
    <Stack gap="md">
      {receipt.isGenuine ? (
        <Alert
          color="revenue"
          variant="filled"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title="Genuine receipt"
        >
          RevDesk issued this receipt for a payment it holds as paid.
        </Alert>
      ) : (
        <Alert
          color="red.9"
          variant="filled"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title="This receipt was reversed"
        >
          RevDesk issued this receipt, but the payment was later reversed. It no longer proves a
          payment.
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
