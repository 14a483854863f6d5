import { Alert, Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatKoboAsNaira } from '../../../../shared/money';
import { TCC_PURPOSE_LABELS, TCC_STATUS_LABELS } from '../../../../shared/tcc/enums';
import type { TccPreview } from '../../../../shared/tcc/views';
import { formatPhone } from '../../../lib/format';
import { useShellBase } from '../../../shell/shellPaths';

/**
 * Whom the certificate is for, as the server read them (GET /api/v1/tcc/preview): name, BTIN,
 * address, NIN and phone, the kind's fee, and the certificates of this kind still open for
 * them — a second for the same purpose is refused (one open per taxpayer, kind and purpose).
 */
export function HolderCard(props: { preview: TccPreview; amendingId?: string | undefined }) {
  const { preview } = props;
  const base = useShellBase();
  const open = preview.open.filter((tcc) => tcc.id !== props.amendingId);
  const facts: [string, string][] = [
    ['BTIN', preview.btin],
    ['Address', preview.holder.address ?? '—'],
    ['NIN', preview.holder.nationalId ?? '—'],
    ['Phone', preview.holder.phone ? formatPhone(preview.holder.phone) : '—'],
  ];
  return (
    <Paper withBorder radius="md" p="md" aria-label="The certificate holder" role="group">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={700} size="lg" data-testid="tcc-holder-name">
            {preview.holder.name}
          </Text>
          {!preview.holder.hasPhoto && (
            <Badge color="gray.7" variant="filled">
              No photo on record
            </Badge>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 4 }} spacing="xs" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {preview.feeKobo > 0 && (
          <Text size="sm">
            This kind of certificate carries a processing fee of{' '}
            <strong>{formatKoboAsNaira(preview.feeKobo)}</strong>: it waits for its payment before
            going to the Director of Assessment.
          </Text>
        )}
        {open.length > 0 && (
          <Alert color="notice" variant="light" title="Certificates of this kind still open">
            <Stack gap={4}>
              <Text size="sm">
                A second certificate for the same purpose is refused until these are decided.
              </Text>
              <List size="sm" spacing={2} aria-label="Open certificates">
                {open.map((tcc) => (
                  <List.Item key={tcc.id}>
                    <Anchor component={Link} to={`${base}/taxs/tcc/${tcc.id}`}>
                      {tcc.number}
                    </Anchor>{' '}
                    · {TCC_PURPOSE_LABELS[tcc.purpose]} · {TCC_STATUS_LABELS[tcc.status]}
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
