import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { MONTH_NAMES } from '../../../shared/dates';
import { DateField } from './DateField';
import {
  modeOf,
  monthPeriod,
  PERIOD_MODE_LABELS,
  PERIOD_MODES,
  type Period,
  type PeriodMode,
  periodForMode,
  quarterPeriod,
  yearToDatePeriod,
} from './period';

/**
 * The one period picker of the reports (docs/reports.md "Periods"): a month, a quarter, the year
 * to date, or custom dates (period.ts does the arithmetic). It answers whole periods (`from` and
 * `to` both), which each page keeps in its URL in its own words (the budget and collection
 * reports as `from` and `to`, the Joint Revenue Board return as `2026-03` or `2026-Q1`). A page
 * offering fewer choices passes `modes`. Wraps onto several lines on a phone.
 */
export function PeriodPicker(props: {
  value: Period;
  today: string;
  onChange: (period: Period) => void;
  /** The choices offered, in this order: every one unless given. */
  modes?: readonly PeriodMode[];
  /** The years offered: from five years back to next year unless given. */
  years?: readonly number[];
  /** What the server said of the period, shown under its last field. */
  error?: string | null | undefined;
}) {
  const { value, today, onChange } = props;
  const modes = props.modes ?? PERIOD_MODES;
  const [chosen, setChosen] = useState<PeriodMode>(() => modeOf(value, today));
  // A period the page's choices cannot show (a custom one where only months are offered)
  // reads as the first choice.
  const mode = modes.includes(chosen) ? chosen : (modes[0] ?? 'custom');
  const thisYear = Number(today.slice(0, 4));
  const year = Number(value.to.slice(0, 4));
  const month = Number(value.to.slice(5, 7));
  const offered = props.years ?? Array.from({ length: 7 }, (_, i) => thisYear + 1 - i);
  const years = offered.includes(year) ? offered : [year, ...offered];
  const error = props.error ?? undefined;
  const yearSelect = (change: (y: number) => Period) => (
    <Select
      label="Year"
      data={years.map(String)}
      value={String(year)}
      allowDeselect={false}
      onChange={(y) => y && onChange(change(Number(y)))}
      error={mode === 'custom' ? undefined : error}
      w={100}
    />
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Period">
      <Select
        label="Period"
        data={modes.map((m) => ({ value: m, label: PERIOD_MODE_LABELS[m] }))}
        value={mode}
        allowDeselect={false}
        onChange={(next) => {
          if (!next) return;
          const nextMode = next as PeriodMode;
          setChosen(nextMode);
          const period = periodForMode(nextMode, value, today);
          if (period.from !== value.from || period.to !== value.to) onChange(period);
        }}
        w={150}
      />
      {mode === 'month' && (
        <>
          <Select
            label="Month"
            data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
            value={String(month)}
            allowDeselect={false}
            onChange={(m) => m && onChange(monthPeriod(year, Number(m)))}
            w={140}
          />
          {yearSelect((y) => monthPeriod(y, month))}
        </>
      )}
      {mode === 'quarter' && (
        <>
          <Select
            label="Quarter"
            data={[1, 2, 3, 4].map((q) => ({
              value: String(q),
              label: `Q${q} (${MONTH_NAMES[(q - 1) * 3]?.slice(0, 3)}–${MONTH_NAMES[q * 3 - 1]?.slice(0, 3)})`,
            }))}
            value={String(Math.ceil(month / 3))}
            allowDeselect={false}
            onChange={(q) => q && onChange(quarterPeriod(year, Number(q)))}
            w={140}
          />
          {yearSelect((y) => quarterPeriod(y, Math.ceil(month / 3)))}
        </>
      )}
      {mode === 'ytd' && yearSelect((y) => yearToDatePeriod(y, today))}
      {mode === 'custom' && (
        <>
          <DateField
            label="From"
            value={value.from}
            maxDate={value.to}
            onChange={(from) => from && onChange({ from, to: value.to })}
            w={150}
          />
          <DateField
            label="To"
            value={value.to}
            minDate={value.from}
            onChange={(to) => to && onChange({ from: value.from, to })}
            error={error}
            w={150}
          />
        </>
      )}
    </Group>
  );
}
