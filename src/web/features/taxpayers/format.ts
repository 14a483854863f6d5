import { SERVICE_TIME_ZONE } from '../../../shared/dates';
import { formatNigerianPhone } from '../../../shared/phone';
import { LABELS, type TaxpayerKind, type TaxpayerStatus } from '../../../shared/taxpayers/enums';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A timestamp as a day in Lagos (DESIGN.md §3), e.g. "3 Mar 2026". */
export function formatLagosDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatLagosDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD, no time zone) as "3 Mar 1985". */
export function formatCalendarDate(date: string): string {
  return dateFormat.format(new Date(`${date}T12:00:00+01:00`));
}

export function formatPhone(phone: string | null): string {
  return phone ? formatNigerianPhone(phone) : '';
}

export const STATUS_COLORS: Record<TaxpayerStatus, string> = {
  // Shades that carry white badge text at 4.5:1 or better (axe colour-contrast).
  active: 'revenue.8',
  inactive: 'gray.7',
  deceased: 'dark.7',
  dissolved: 'dark.7',
};

/** A closed list as the options of a Select, with its labels where the values are not words. */
export function selectOptions<T extends string>(values: readonly T[], labels?: Record<T, string>) {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}

export function statusLabel(status: TaxpayerStatus): string {
  return LABELS.status[status];
}

/** Where each kind's list lives, and what its menu calls it. */
export const KIND_PAGES: Record<
  TaxpayerKind,
  { path: string; title: string; registerLabel: string; noun: string }
> = {
  individual: {
    path: 'taxpayer/individual-taxpayer',
    title: 'Individual Taxpayers',
    registerLabel: 'Register individual',
    noun: 'individual',
  },
  corporate: {
    path: 'taxpayer/corporate-taxpayer',
    title: 'Corporate Taxpayers',
    registerLabel: 'Register company',
    noun: 'company',
  },
};
