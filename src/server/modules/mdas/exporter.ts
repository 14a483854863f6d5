import { MDA_CATEGORY_LABELS, type MdaView } from '../../../shared/mdas';
import { formatKoboAsNaira } from '../../../shared/money';
import { type Column, count, text } from '../../export/columns';

/** More MDAs than a state has: a filter that matches more is a mistake, not a report. */
export const EXPORT_ROW_LIMIT = 5_000;

/** The heads of one MDA in one cell, as a reader scans them; their amounts are not summed. */
function describeHeads(mda: MdaView): string {
  return mda.revenueHeads
    .map((head) => {
      const amount =
        head.defaultAmountKobo === null ? '' : ` (${formatKoboAsNaira(head.defaultAmountKobo)})`;
      return `${head.code} ${head.name}${amount}${head.isActive ? '' : ' [inactive]'}`;
    })
    .join('; ');
}

/** One row per MDA. The Remita API key is not a column: only whether one is set. */
export const MDA_COLUMNS: readonly Column<MdaView>[] = [
  text('Code', (mda) => mda.code, 10),
  text('Name', (mda) => mda.name, 44),
  text('Short name', (mda) => mda.shortName, 14),
  text('Category', (mda) => MDA_CATEGORY_LABELS[mda.category], 16),
  text('Active', (mda) => (mda.isActive ? 'Yes' : 'No'), 8),
  text('Remita merchant ID', (mda) => mda.merchantId, 18),
  text('Remita service type IDs', (mda) => mda.serviceTypeIds.join(' '), 22),
  text('Remita API key', (mda) => (mda.hasRemitaCredentials ? 'Set' : 'Not set'), 14),
  count('Officers', (mda) => mda.officerCount, 9),
  text('Revenue heads', describeHeads, 80),
];
