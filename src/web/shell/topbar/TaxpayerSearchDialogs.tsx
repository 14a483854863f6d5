import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TaxpayerMatch, TaxpayerSummary } from '../../../shared/taxpayers';
import { isApiError } from '../../lib/api/api';
import { AppModal } from '../../lib/dialogs/AppModal';
import { formatNigerianPhone } from '../../lib/format';
import { matchDetails } from '../../lib/forms/TaxpayerPicker';
import { usePermission } from '../../lib/routing/usePermission';
import { useShellBase } from '../shellPaths';

/** docs/product.md §8: the exact words of the portal. */
export const TAXPAYER_NOT_FOUND_TEXT = 'Taxpayer not found!.';

/** Static dialogs (docs/product.md §2): no backdrop close, no Escape close. */
const STATIC = { isStatic: true, centered: true } as const;

/** Blocking while the search runs; every outcome closes it. */
export function SearchingDialog({ opened }: { opened: boolean }) {
  return (
    <AppModal
      {...STATIC}
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      title="Searching Taxpayer..."
      size="sm"
    >
      <Group gap="md" py="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>Looking the taxpayer up…</Text>
      </Group>
    </AppModal>
  );
}

export function TaxpayerInformationDialog({
  opened,
  matches,
  onClose,
}: {
  opened: boolean;
  matches: TaxpayerSummary[];
  onClose: () => void;
}) {
  return (
    <AppModal
      {...STATIC}
      opened={opened}
      onClose={onClose}
      title="Tax Payer Information"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close Tax Payer Information' }}
    >
      <Stack gap="md">
        {matches.length > 1 && (
          <Text size="sm">{matches.length} taxpayers share this phone number or e-mail.</Text>
        )}
        {matches.map((match) => (
          <MatchCard key={match.btin} match={match} onOpen={onClose} />
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function MatchCard({ match, onOpen }: { match: TaxpayerSummary; onOpen: () => void }) {
  const base = useShellBase();
  const canRead = usePermission('taxpayer:read');
  const rows: [string, string | null][] =
    match.kind === 'individual'
      ? [
          ['BTIN', match.btin],
          ['Username', match.username],
          ['First Name', match.firstName],
          ['Last Name', match.lastName],
          ['Phone Number', match.phone && formatNigerianPhone(match.phone)],
        ]
      : [
          ['BTIN', match.btin],
          ['Username', match.username],
          ['Name', match.displayName],
          ['Phone Number', match.phone && formatNigerianPhone(match.phone)],
        ];
  return (
    <Paper withBorder radius="md" p="sm">
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{label}</Table.Th>
              <Table.Td>{value || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canRead && (
        <Anchor
          component={Link}
          to={`${base}/taxpayer/${match.btin}`}
          onClick={onOpen}
          mt="xs"
          display="inline-block"
        >
          Open taxpayer page
        </Anchor>
      )}
    </Paper>
  );
}

/**
 * A name typed in the top bar (RevDesk's own, docs/product.md §2 knows BTIN, e-mail and phone
 * only): the taxpayers it matches, best first, each with what tells namesakes apart; a link
 * opens one. Escape or Close returns to the search.
 */
export function TaxpayerMatchesDialog({
  opened,
  term,
  matches,
  hasMore,
  onClose,
  onOpen,
}: {
  opened: boolean;
  term: string;
  matches: TaxpayerMatch[];
  hasMore: boolean;
  onClose: () => void;
  onOpen: () => void;
}) {
  const base = useShellBase();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      centered
      title={`Taxpayers matching “${term}”`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the list of taxpayers found' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {matches.length === 1
            ? 'One taxpayer matches. Open it, or check it is the right person first.'
            : `${matches.length}${hasMore ? '+' : ''} taxpayers match, best first. Open the one you mean.`}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {matches.map((match) => (
            <Paper component="li" withBorder radius="md" p="sm" key={match.btin}>
              <Anchor
                component={Link}
                to={`${base}/taxpayer/${match.btin}`}
                onClick={onOpen}
                fw={600}
                aria-describedby={`match-${match.btin}`}
              >
                {match.displayName}
              </Anchor>
              <Text size="sm" id={`match-${match.btin}`}>
                {matchDetails(match)}
              </Text>
            </Paper>
          ))}
        </Stack>
        {hasMore && (
          <Text size="sm">More taxpayers match: type more of the name to narrow the list.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Nobody matches, or the search failed: docs/product.md §8's dialog, and what failed when it is not "not found". */
export function SearchFailedDialog({
  opened,
  error,
  onClose,
}: {
  opened: boolean;
  error: Error | null;
  onClose: () => void;
}) {
  const isNotFound = !error || (isApiError(error) && error.code === 'TAXPAYER_NOT_FOUND');
  return (
    <AppModal
      {...STATIC}
      opened={opened}
      onClose={onClose}
      title="Validation Failed"
      size="sm"
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text>{TAXPAYER_NOT_FOUND_TEXT}</Text>
        {!isNotFound && error && (
          <Text size="sm" c="dimmed">
            {error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
