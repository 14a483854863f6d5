import type { AssessmentPage } from '../../../../shared/assessments/views';
import { ListTotals, nairaFigure } from '../../../lib/lists/ListTotals';

/** The whole filtered set, not just the page: assessed, paid, outstanding (ListTotals). */
export function AssessmentTotals({ totals }: { totals: AssessmentPage['totals'] | undefined }) {
  return (
    <ListTotals
      label="Totals of the filtered assessments"
      figures={[
        ['Assessed', ...nairaFigure(totals?.taxKobo)],
        ['Paid', ...nairaFigure(totals?.paidKobo)],
        ['Outstanding', ...nairaFigure(totals?.outstandingKobo)],
      ]}
    />
  );
}
