import { LABELS, type TaxpayerKind, type TaxpayerStatus } from '../../../shared/taxpayers/enums';

/** A taxpayer's labels and colours; the formats every feature uses are in lib/format.ts. */

export const STATUS_COLORS: Record<TaxpayerStatus, string> = {
  // Shades that carry white badge text at 4.5:1 or better (axe colour-contrast).
  active: 'revenue.8',
  inactive: 'gray.7',
  deceased: 'dark.7',
  dissolved: 'dark.7',
};

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
