import { Badge } from '@mantine/core';
import type { DemandNoticeViewStatus } from '../../../shared/demandNotices';
import { NOTICE_STATUS_COLORS, NOTICE_STATUS_LABELS } from './format';

export function NoticeStatusBadge({ status }: { status: DemandNoticeViewStatus }) {
  return (
    <Badge color={NOTICE_STATUS_COLORS[status]} variant="filled">
      {NOTICE_STATUS_LABELS[status]}
    </Badge>
  );
}
