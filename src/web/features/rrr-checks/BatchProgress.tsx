import { useQuery } from '@tanstack/react-query';
import { BATCH_ROW_OUTCOMES, type BatchRowOutcome } from '../../../shared/payments/enums';
import { BatchJobProgress } from '../../lib/uploads/BatchJobProgress';
import { batchJobQuery, batchResultUrl } from './queries';

const OUTCOME_LABELS: Record<BatchRowOutcome, string> = {
  paid: 'Paid',
  pending: 'Not paid yet',
  failed: 'Failed',
  'not-found': 'Not found',
  invalid: 'Invalid rows',
  error: 'Could not check',
};

/** How far the background job is, polled until it ends; then its result or its failure. */
export function BatchProgress({ jobId, onAnother }: { jobId: string; onAnother: () => void }) {
  const job = useQuery(batchJobQuery(jobId));
  return (
    <BatchJobProgress
      job={job}
      doneOf={(data) => data.processed}
      runningText={(data) =>
        `${data.fileName}: ${data.processed.toLocaleString('en-NG')} of ${data.total.toLocaleString('en-NG')} RRRs checked`
      }
      progressLabel="RRRs checked"
      countsOf={(data) =>
        BATCH_ROW_OUTCOMES.map((outcome) => [
          OUTCOME_LABELS[outcome],
          String(data.counts[outcome] ?? 0),
        ])
      }
      startingText="Starting the check…"
      unfollowedTitle="RevDesk could not say how far the check is"
      carryOnText="You may close this dialog: the check carries on at the server. Keep it open to download the results when it ends."
      succeededText={(data) =>
        `Every row of ${data.fileName} has been checked. The results file gives each RRR's outcome.`
      }
      stoppedText="The check stopped before the end."
      anotherLabel="Check another file"
      onAnother={onAnother}
      result={{ href: batchResultUrl(jobId), label: 'Download results' }}
    />
  );
}
