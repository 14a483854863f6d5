import { randomId } from '@mantine/hooks';
import type { DemandNoticeInput } from '../../../shared/demandNotices';
import { nairaToKobo } from '../../../shared/money';

/**
 * The demand notice form's values (GenerateAssessmentPage) and the body they send: what the form
 * draws with and what its checks (noticeChecks.ts) read, without zod.
 */

export type Line = {
  /** The line's React key: lines are removed from the middle. */
  key: string;
  revenueHeadCode: string;
  description: string;
  quantity: number | string;
  unitAmount: number | string;
};

export type Values = {
  mdaId: string | null;
  payerBy: 'btin' | 'name';
  btin: string;
  name: string;
  phone: string;
  lines: Line[];
  dueOn: string | null;
};

export const emptyLine = (): Line => ({
  key: randomId(),
  revenueHeadCode: '',
  description: '',
  quantity: 1,
  unitAmount: '',
});

export const kobo = (naira: number | string) => (naira === '' ? 0 : nairaToKobo(Number(naira)));

/** The body the values send, trimmed as the API's schema trims it. */
export function toInput(values: Values): DemandNoticeInput {
  return {
    mdaId: values.mdaId ?? '',
    payer:
      values.payerBy === 'btin'
        ? { btin: values.btin.trim() }
        : { name: values.name.trim(), phone: values.phone.trim() },
    lines: values.lines.map((line) => ({
      revenueHeadCode: line.revenueHeadCode.trim(),
      description: line.description.trim(),
      quantity: line.quantity === '' ? 0 : Number(line.quantity),
      unitAmountKobo: kobo(line.unitAmount),
    })),
    dueOn: values.dueOn ?? '',
  };
}

/** How an API path reads in this form: the payer's fields and the lines' amounts in naira. */
export function fieldOf(path: string): string | null {
  if (path === '') return null;
  if (path === 'payer.btin') return 'btin';
  if (path === 'payer.name') return 'name';
  if (path === 'payer.phone') return 'phone';
  if (path === 'payer') return 'btin';
  return path.replace(/\.unitAmountKobo$/, '.unitAmount');
}
