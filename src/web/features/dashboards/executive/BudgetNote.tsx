import { Alert, Badge, Text } from '@mantine/core';
import type { ExecutiveDashboard } from '../../../../shared/dashboards/executive';

/**
 * Which budget the figures are set against. The budgets held are demo data (docs/dashboards.md):
 * every page that draws a budget figure says so. With none, the page says so and shows the
 * collections alone.
 */
export function BudgetNote({
  version,
  year,
}: {
  version: ExecutiveDashboard['budgetVersion'];
  year: string;
}) {
  if (!version) {
    return (
      <Alert color="gray" variant="light" title={`No budget for ${year}`} role="note">
        <Text size="sm">
          No revenue budget is held for {year}, so the collections are shown without one. A budget
          entered on the budget page appears here.
        </Text>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      <Badge color="notice.8" variant="filled" size="sm" mr={6}>
        Demo budget
      </Badge>
      Against {version.year} budget version {version.version} ({version.note}).
    </Text>
  );
}
