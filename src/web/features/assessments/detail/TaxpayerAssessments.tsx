import 'mantine-datatable/styles.css';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { useState } from 'react';
import { ListLoadError } from '../../../lib/lists/listPage';
import { useShellBase } from '../../../shell/shellPaths';
import { taxpayerAssessmentsQuery } from '../common/queries';
import { AssessmentTable } from '../list/AssessmentTable';
import { AssessmentTotals } from '../list/AssessmentTotals';

/**
 * The Assessments tab of a taxpayer's page: their assessments of every kind the officer reads,
 * latest year first; a row opens the assessment.
 */
export function TaxpayerAssessments({ btin }: { btin: string }) {
  const base = useShellBase();
  const [page, setPage] = useState(1);
  const list = useQuery(taxpayerAssessmentsQuery(btin, page));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Assessments of this taxpayer, latest year first. Open one to see its computation, payments
        and notice.
      </Text>
      {list.isError ? (
        <ListLoadError
          what="The assessments"
          error={list.error}
          isRetrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <AssessmentTotals totals={list.data?.totals} />
          <AssessmentTable
            label={`Assessments of BTIN ${btin}`}
            data={list.data}
            isFetching={list.isFetching}
            withTaxpayer={false}
            emptyText="No assessments for this taxpayer yet"
            recordHref={(row) => `${base}/taxs/assessment/${row.id}`}
            // The server's order (latest year first), 25 at a time (taxpayerAssessmentsQuery).
            onPageChange={setPage}
            onPageSizeChange={() => setPage(1)}
            pageSizes={[25]}
          />
        </>
      )}
    </Stack>
  );
}
