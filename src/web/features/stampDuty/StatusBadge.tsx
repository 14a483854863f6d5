import { Badge } from '@mantine/core';
import { INSTRUMENT_STATUS_LABELS, type InstrumentStatus } from '../../../shared/stampDuty/enums';

// Dark shades: white text on them keeps 4.5:1 (axe color-contrast).
const COLORS: Record<InstrumentStatus, string> = {
  assessed: 'gray.7',
  billed: 'blue.9',
  paid: 'notice.9',
  stamped: 'revenue.8',
  cancelled: 'red.9',
};

export function StampStatusBadge({ status }: { status: InstrumentStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" miw="max-content">
      {INSTRUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
