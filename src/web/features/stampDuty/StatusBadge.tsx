import { Badge } from '@mantine/core';
import { INSTRUMENT_STATUS_LABELS, type InstrumentStatus } from '../../../shared/stampDuty/enums';

// Dark shades: white text on them keeps 4.5:1 (axe color-contrast).
const COLORS: Record<InstrumentStatus, string> = {
  assessed: 'gray.7',
  billed: 'blue.8',
  paid: 'teal.8',
  stamped: 'green.9',
  cancelled: 'red.8',
};

export function StampStatusBadge({ status }: { status: InstrumentStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled">
      {INSTRUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
