import { Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatKoboAsNaira, koboToNaira } from '../../../shared/money';
import { usePhoneLayout } from './usePhoneLayout';

/** Each figure's label, its full text (desk, title, screen readers) and its phone text. */
export type TotalsFigures = [label: string, full: string, compact: string][];

/** "₦1.2M": a phone's one-line totals have room for three figures of about six characters. */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * An amount in kobo as a figure: in full and compact; "…" while the totals load, "Not added
 * up" when the server did not sum a set too large to count (ADR 0019).
 */
export function nairaFigure(kobo: number | null | undefined): [full: string, compact: string] {
  if (kobo === undefined) return ['…', '…'];
  if (kobo === null) return ['Not added up', '–'];
  return [formatKoboAsNaira(kobo), compactNaira.format(koboToNaira(kobo))];
}

/**
 * The totals of the whole filtered set, not just the page. Cards on a desk; on a phone one
 * line of compact figures (each whole on hover and to screen readers), so the first record
 * shows on the first screen (docs/architecture.md §9). A note under them says what they leave out.
 */
export function ListTotals(props: { label: string; figures: TotalsFigures; note?: string | null }) {
  const isPhone = usePhoneLayout();
  const figures = isPhone ? (
    <Paper withBorder radius="md" px="sm" py={6}>
      {/* Wraps when the figures are long (₦123.5M ×3): never wider than the phone. */}
      <Group
        component="dl"
        m={0}
        gap="md"
        wrap="wrap"
        style={{ rowGap: 2 }}
        aria-label={props.label}
      >
        {props.figures.map(([label, full, compact]) => (
          <Group key={label} gap={4} wrap="nowrap">
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={700} title={full}>
              <span aria-hidden="true">{compact}</span>
              <VisuallyHidden>{full}</VisuallyHidden>
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  ) : (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 3 }}
      spacing="md"
      m={0}
      aria-label={props.label}
    >
      {props.figures.map(([label, full]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl">
            {full}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
  if (!props.note) return figures;
  return (
    <Stack gap={4}>
      {figures}
      <Text size="sm" c="dimmed">
        {props.note}
      </Text>
    </Stack>
  );
}
