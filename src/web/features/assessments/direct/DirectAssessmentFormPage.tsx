import '../../../styles/forms.css';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { EditableDraft } from '../form/EditableDraft';
import { FormPageHeading } from '../form/FormPageHeading';
import { useMayWorkOnKind } from '../list/access';
import { DirectAssessmentForm } from './DirectAssessmentForm';
import { emptyValues, valuesFromDraft } from './formValues';

const NEW_TITLE = 'New direct assessment';
const EDIT_TITLE = 'Edit direct assessment';

/**
 * /birs/taxs/direct-assessment/new (docs/product.md §2 OFFICER_DA): a self-employed taxpayer's income
 * for a year, assessed with the officer; `?btin=` comes from the taxpayer's page.
 */
export function NewDirectAssessmentPage() {
  const mayDraft = useMayWorkOnKind('assessment:create', 'direct');
  if (!mayDraft) return <NoAccess title={NEW_TITLE} />;
  return <NewDirectAssessment />;
}

function NewDirectAssessment() {
  useDocumentTitle(`${NEW_TITLE} · RevDesk`);
  // The router reads a numeric search value as a number: a BTIN never starts with 0, so
  // String() gives back what was in the address.
  const { btin } = useSearch({ strict: false }) as { btin?: unknown };
  const [initialValues] = useState(() =>
    emptyValues(
      typeof btin === 'string' || typeof btin === 'number' ? String(btin) : '',
      todayInLagos().slice(0, 4),
    ),
  );
  return (
    <Stack gap="lg">
      <FormPageHeading
        title={NEW_TITLE}
        lead="Enter the taxpayer’s income for the year and what they may deduct: the tax is computed under the law of that year as you type. Save it as a draft to issue it from its page."
      />
      <DirectAssessmentForm initialValues={initialValues} />
    </Stack>
  );
}

/** /birs/taxs/direct-assessment/$id/edit: a draft's figures, changed before it is issued. */
export function EditDirectAssessmentPage({ id }: { id: string }) {
  const mayDraft = useMayWorkOnKind('assessment:create', 'direct');
  if (!mayDraft) return <NoAccess title={EDIT_TITLE} />;
  return <EditDirectAssessment id={id} />;
}

function EditDirectAssessment({ id }: { id: string }) {
  useDocumentTitle(`${EDIT_TITLE} · RevDesk`);
  return (
    <EditableDraft
      id={id}
      kind="direct"
      title={EDIT_TITLE}
      form={(detail) => (
        <DirectAssessmentForm
          initialValues={valuesFromDraft(detail)}
          draft={{ id: detail.id, version: detail.version, taxpayerName: detail.taxpayerName }}
        />
      )}
    />
  );
}
