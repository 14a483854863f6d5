import { Badge } from '@mantine/core';
import { TCC_STATUS_LABELS, type TccStatus } from '../../../../shared/tcc/enums';

/** Shades that carry white badge text at 4.5:1 or better (axe colour-contrast). */
const STATUS_COLORS: Record<TccStatus, string> = {
  awaiting_payment: 'notice.9',
  pending_director_assessment: 'blue.9',
  pending_director_collection: 'blue.9',
  pending_chairman: 'grape.9',
  approved: 'revenue.8',
  printed: 'teal.9',
  rejected_director_assessment: 'red.9',
  rejected_director_collection: 'red.9',
  rejected_chairman: 'red.9',
  revoked: 'dark.7',
};

/** A status; `isWrapping` lets a long one ("With Director of Assessment") wrap in a phone's card. */
export function TccStatusBadge({
  status,
  isWrapping = false,
}: {
  status: TccStatus;
  isWrapping?: boolean;
}) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      miw={isWrapping ? undefined : 'max-content'}
      h={isWrapping ? 'auto' : undefined}
      styles={isWrapping ? { label: { whiteSpace: 'normal', overflow: 'visible' } } : undefined}
    >
      {TCC_STATUS_LABELS[status]}
    </Badge>
  );
}
