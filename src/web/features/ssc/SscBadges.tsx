import { Badge } from '@mantine/core';
import { SSC_SCHEDULE_STATUS_LABELS, type SscScheduleStatus } from '../../../shared/ssc/enums';

/**
 * A schedule's badges, which the list (SscTable) and a schedule's page show. Apart from the
 * table so that the table's code stays with the list page alone, not in the SSC pages' shared
 * chunk that the upload and the entry load (docs/architecture.md §9 "Web").
 */

const STATUS_COLOURS: Record<SscScheduleStatus, string> = {
  unbilled: 'gray.7',
  // White on orange.9 is under 4.5:1 (axe colour-contrast); blue.9, as a billed stamp instrument.
  billed: 'blue.9',
  paid: 'revenue.8',
};

export function SscStatusBadge({ status }: { status: SscScheduleStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="filled">
      {SSC_SCHEDULE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The rates of the seed have no public source (docs/tax-rules.md "SSC levies"): say so. */
export function DemoRateBadge() {
  return (
    <Badge color="grape.9" variant="filled" size="sm">
      Demo rate
    </Badge>
  );
}
