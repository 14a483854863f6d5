import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isValidBtin } from '../../../../shared/btin';
import type { TaxpayerView } from '../../../../shared/taxpayers/views';
import { isApiError } from '../../../lib/api';
import { Spinner } from '../../../lib/pending/Spinner';
import { TaxpayerPicker } from '../../../lib/TaxpayerPicker';
import { taxpayerQuery } from '../../taxpayers/queries';

export type TaxpayerLookup = {
  taxpayer: TaxpayerView | null;
  /** Why this BTIN cannot be assessed here (not found, a company), or null. */
  refusal: string | null;
};

/** Looks the BTIN up once it is 10 digits with a right check digit (GET /api/v1/taxpayers/{btin}). */
export function useTaxpayerLookup(btin: string): TaxpayerLookup & { isLoading: boolean } {
  const trimmed = btin.trim();
  const lookup = useQuery({ ...taxpayerQuery(trimmed), enabled: isValidBtin(trimmed) });
  if (!isValidBtin(trimmed)) return { taxpayer: null, refusal: null, isLoading: false };
  if (lookup.isError) {
    const notFound = isApiError(lookup.error) && lookup.error.status === 404;
    return {
      taxpayer: null,
      refusal: notFound ? `No taxpayer has BTIN ${trimmed}` : lookup.error.message,
      isLoading: false,
    };
  }
  const taxpayer = lookup.data ?? null;
  if (taxpayer && taxpayer.kind !== 'individual') {
    return {
      taxpayer,
      refusal: `${taxpayer.displayName} is a company: personal income tax is assessed on individuals only`,
      isLoading: false,
    };
  }
  return { taxpayer, refusal: null, isLoading: lookup.isLoading };
}

/** The BTIN typed or picked by name (lib/TaxpayerPicker.tsx), and below it whose it is. */
export function TaxpayerField(props: {
  value: string;
  onChange: (btin: string) => void;
  onBlur: () => void;
  error: string | null;
  lookup: TaxpayerLookup & { isLoading: boolean };
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
      description={
        found ? (
          <Text span size="sm" c="dark" fw={600} data-testid="taxpayer-name">
            {found.displayName}
            {found.lgaName ? ` · ${found.lgaName}` : ''}
          </Text>
        ) : (
          'Type the BTIN, or a name, phone or e-mail and pick the taxpayer.'
        )
      }
    />
  );
}
