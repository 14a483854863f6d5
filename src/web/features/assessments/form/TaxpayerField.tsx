import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isValidBtin } from '../../../../shared/btin';
import type { TaxpayerView } from '../../../../shared/taxpayers/views';
import { isApiError } from '../../../lib/api/api';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { Spinner } from '../../../lib/pending/Spinner';
import { taxpayerQuery } from '../../taxpayers/queries';

export type TaxpayerLookup = {
  taxpayer: TaxpayerView | null;
  /** Why this BTIN cannot be assessed here (not found, a company for a direct one), or null. */
  refusal: string | null;
  isLoading: boolean;
};

/**
 * Looks the BTIN up once it is 10 digits with a right check digit (GET /api/v1/taxpayers/{btin}).
 * Personal income tax is assessed on individuals only; a presumptive one on any trader.
 */
export function useTaxpayerLookup(
  btin: string,
  accepts: 'individuals' | 'anyone' = 'anyone',
): TaxpayerLookup {
  const trimmed = btin.trim();
  const lookup = useQuery({
    ...taxpayerQuery(trimmed),
    enabled: isValidBtin(trimmed),
    retry: false,
  });
  if (!isValidBtin(trimmed)) return { taxpayer: null, refusal: null, isLoading: false };
  if (lookup.isError) {
    const notFound = isApiError(lookup.error) && lookup.error.status === 404;
    return {
      taxpayer: null,
      refusal: notFound
        ? `No taxpayer has BTIN ${trimmed}: check the number, or register the taxpayer first`
        : lookup.error.message,
      isLoading: false,
    };
  }
  const taxpayer = lookup.data ?? null;
  if (taxpayer && accepts === 'individuals' && taxpayer.kind !== 'individual') {
    return {
      taxpayer,
      refusal: `${taxpayer.displayName} is a company: personal income tax is assessed on individuals only`,
      isLoading: false,
    };
  }
  return { taxpayer, refusal: null, isLoading: lookup.isLoading };
}

/** The BTIN typed or picked by name (lib/forms/TaxpayerPicker.tsx), and below it whose it is. */
export function TaxpayerField(props: {
  value: string;
  onChange: (btin: string) => void;
  onBlur: () => void;
  error: string | null;
  lookup: TaxpayerLookup;
  autoFocus?: boolean;
}) {
  const { lookup } = props;
  const found = lookup.taxpayer && lookup.refusal === null ? lookup.taxpayer : null;
  return (
    <TaxpayerPicker
      label="Taxpayer’s BTIN"
      withAsterisk
      data-autofocus={props.autoFocus || undefined}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      error={props.error ?? lookup.refusal}
      rightSection={lookup.isLoading ? <Spinner size="xs" label="Looking up the BTIN" /> : null}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        found ? (
          <TaxpayerName taxpayer={found} />
        ) : (
          'Type the BTIN, or a name, phone or e-mail and pick the taxpayer.'
        )
      }
    />
  );
}

/** A draft's taxpayer stays: it is shown, not asked (the PUT bodies carry no BTIN). */
export function DraftTaxpayer(props: { name: string; btin: string }) {
  return (
    <Text size="sm">
      Taxpayer: <strong>{props.name}</strong> (BTIN {props.btin})
    </Text>
  );
}

function TaxpayerName({ taxpayer }: { taxpayer: TaxpayerView }) {
  return (
    <Group gap={6} component="span" wrap="wrap">
      <Text span size="sm" fw={600} c="var(--mantine-color-text)" data-testid="taxpayer-name">
        {taxpayer.displayName}
      </Text>
      <Badge size="sm" variant="filled" color="gray.7" component="span">
        {taxpayer.kind === 'individual' ? 'Individual' : 'Business'}
      </Badge>
      {taxpayer.lgaName && (
        <Text span size="sm" c="dimmed">
          {taxpayer.lgaName}
        </Text>
      )}
    </Group>
  );
}
