import { Group, Select } from '@mantine/core';
import { todayInLagos } from '../../../shared/dates';
import { DateField } from './DateField';

/** The periods a report offers (docs/reports.md "Periods"): Lagos days, both ends included. */
export type PeriodPreset = 'month' | 'quarter' | 'year' | 'custom';

export type Period = { from?: string | undefined; to?: string | undefined };

const PRESETS: { value: PeriodPreset; label: string }[] = [
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'This quarter' },
  { value: 'year', label: 'Year to date' },
  { value: 'custom', label: 'Custom period' },
];

/** The days of a preset, ending today (Lagos). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today = todayInLagos()) {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  if (preset === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (preset === 'quarter') {
    const first = month - ((month - 1) % 3);
    return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
  }
  return { from: `${year}-01-01`, to: today };
}

/** Which preset a period is, when it is one; a period left out is the year to date. */
export function presetOf(period: Period, today = todayInLagos()): PeriodPreset {
  if (!period.from && !period.to) return 'year';
  for (const preset of ['month', 'quarter', 'year'] as const) {
    const p = presetPeriod(preset, today);
    if (p.from === period.from && p.to === period.to) return preset;
  }
  return 'custom';
}

/**
 * The period picker of the report pages: this month, this quarter, the year to date, or two
 * days of one's own. The period lives in the URL (from, to) so a report can be shared; the
 * server checks it (end before start, over five years: a message under the field).
 */
export function PeriodPicker(props: {
  value: Period;
  onChange: (period: Period) => void;
  error?: string | null | undefined;
}) {
  const preset = presetOf(props.value);
  const shown = preset === 'custom' ? props.value : presetPeriod(preset);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Period"
        data={PRESETS}
        value={preset}
        allowDeselect={false}
        onChange={(value) => {
          if (!value || value === 'custom') {
            props.onChange({ from: shown.from, to: shown.to });
            return;
          }
          props.onChange(presetPeriod(value as Exclude<PeriodPreset, 'custom'>));
        }}
        w={170}
      />
      {preset === 'custom' && (
        <>
          <DateField
            label="From"
            value={props.value.from}
            onChange={(from) => props.onChange({ ...props.value, from: from ?? undefined })}
            w={150}
          />
          <DateField
            label="To"
            value={props.value.to}
            onChange={(to) => props.onChange({ ...props.value, to: to ?? undefined })}
            error={props.error ?? undefined}
            w={150}
          />
        </>
      )}
    </Group>
  );
}
