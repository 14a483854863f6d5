import '../../../styles/forms.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { EditableDraft } from '../form/EditableDraft';
import { FormPageHeading } from '../form/FormPageHeading';
import { useMayWorkOnKind } from '../list/access';
import { PresumptiveAssessmentForm } from './PresumptiveAssessmentForm';
import { presumptiveValues, valuesFromPresumptiveDraft } from './presumptiveForm';

const NEW_TITLE = 'New presumptive assessment';
const EDIT_TITLE = 'Edit presumptive assessment';

/**
 * taxs/presumptive-tax/new (docs/product.md §2 OFFICER_PA): a market trader assessed in a minute by
 * trade category and size, or by estimated turnover (docs/tax-rules.md, "Presumptive tax").
 * The amount shows before saving; the draft is then issued from the assessment's page.
 */
export function NewPresumptiveAssessmentPage() {
  const mayDraft = useMayWorkOnKind('assessment:create', 'presumptive');
  if (!mayDraft) return <NoAccess title={NEW_TITLE} />;
  return <NewPresumptiveAssessment />;
}

function NewPresumptiveAssessment() {
  useDocumentTitle(`${NEW_TITLE} · RevDesk`);
  // The router reads a numeric search value as a number: a BTIN never starts with 0.
  const { btin } = useSearch({ strict: false }) as { btin?: unknown };
  const [initialValues] = useState(() =>
    presumptiveValues(typeof btin === 'string' || typeof btin === 'number' ? String(btin) : ''),
  );
  return (
    <Stack gap="lg">
      <FormPageHeading
        title={NEW_TITLE}
        lead="For traders and artisans whose income cannot be ascertained: the tax is presumed from the trade category and the size of the trade, or from the estimated turnover. Save it as a draft to issue it from its page."
      />
      <PresumptiveAssessmentForm initialValues={initialValues} />
    </Stack>
  );
}

/** taxs/presumptive-tax/$id/edit: a presumptive draft's figures, changed before it is issued. */
export function EditPresumptiveAssessmentPage({ id }: { id: string }) {
  const mayDraft = useMayWorkOnKind('assessment:create', 'presumptive');
  if (!mayDraft) return <NoAccess title={EDIT_TITLE} />;
  return <EditPresumptiveAssessment id={id} />;
}

function EditPresumptiveAssessment({ id }: { id: string }) {
  useDocumentTitle(`${EDIT_TITLE} · RevDesk`);
  return (
    <EditableDraft
      id={id}
      kind="presumptive"
      title={EDIT_TITLE}
      form={(detail) => (
        <PresumptiveAssessmentForm
          initialValues={valuesFromPresumptiveDraft(detail)}
          draft={{ id: detail.id, version: detail.version, taxpayerName: detail.taxpayerName }}
        />
      )}
    />
  );
}
