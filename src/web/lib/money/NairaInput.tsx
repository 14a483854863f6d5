import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * An amount typed in naira, with its thousands separated and kobo at most two places. Forms
 * keep what was typed and send kobo (`nairaToKobo` of src/shared/money.ts; docs/architecture.md §3).
 */
export function NairaInput(props: Omit<NumberInputProps, 'prefix' | 'decimalScale'>) {
  return (
    <NumberInput
      prefix="₦"
      thousandSeparator=","
      decimalScale={2}
      min={0}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
