import { Badge, Group, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { isValidBtin } from '../../../../shared/btin';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { isApiError } from '../../../lib/api/api';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { Spinner } from '../../../lib/pending/Spinner';
import { taxpayerQuery } from '../../taxpayers/queries';

/** The taxpayer a BTIN names, once it is ten digits with a right check digit. */
export function useTaxpayerByBtin(btin: string) {
  const trimmed = btin.trim();
  const isComplete = /^\d{10}$/.test(trimmed) && isValidBtin(trimmed);
  return useQuery({ ...taxpayerQuery(trimmed), enabled: isComplete, retry: false });
}

/**
 * The BTIN box (typed, or picked by name: lib/forms/TaxpayerPicker.tsx) with the name it belongs to under it, so the officer sees at once whom they are
 * assessing (an individual trader or a business).
 */
export function TaxpayerByBtin(props: {
  inputProps: GetInputPropsReturnType;
  taxpayer: ReturnType<typeof useTaxpayerByBtin>;
}) {
  const { taxpayer, inputProps } = props;
  const lookupError = taxpayer.isError
    ? isApiError(taxpayer.error) && taxpayer.error.status === 404
      ? 'No taxpayer has this BTIN: check the number, or register the trader first'
      : taxpayer.error.message
    : null;
  return (
    <TaxpayerPicker
      label="Taxpayer BTIN"
      withAsterisk
      rightSection={taxpayer.isFetching ? <Spinner size="xs" label="Finding the taxpayer" /> : null}
      {...inputProps}
      value={inputProps.value ?? ''}
      onChange={inputProps.onChange}
      error={inputProps.error || lookupError}
      description={taxpayer.data ? <TaxpayerName taxpayer={taxpayer.data} /> : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
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
        <Text span size="xs" c="dimmed">
          {taxpayer.lgaName}
        </Text>
      )}
    </Group>
  );
}
