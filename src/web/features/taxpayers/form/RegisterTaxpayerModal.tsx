import { Alert, Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { CorporateInput, IndividualInput, type TaxpayerKind } from '../../../../shared/taxpayers';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByPath, showServerErrors } from '../../../lib/failures/formErrors';
import { DuplicateDialog, ExactDuplicateAlert } from './DuplicateDialog';
import { CorporateFields } from './fields/CorporateFields';
import { IndividualFields } from './fields/IndividualFields';
import {
  type CorporateValues,
  type IndividualValues,
  toCorporateInput,
  toIndividualInput,
} from './formValues';
import { type Registration, useRegistration } from './useRegistration';
import { useCorporateForm, useIndividualForm } from './useTaxpayerForms';

const TITLES: Record<TaxpayerKind, string> = {
  individual: 'Register an individual taxpayer',
  corporate: 'Register a company',
};

/** The registration form over the list: closing it leaves the list and its filters as they were. */
export function RegisterTaxpayerModal(props: {
  kind: TaxpayerKind;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={TITLES[props.kind]}
      size="xl"
      closeButtonProps={{ 'aria-label': `Close ${TITLES[props.kind]}` }}
    >
      {props.kind === 'individual' ? (
        <RegisterIndividual onCancel={props.onClose} />
      ) : (
        <RegisterCorporate onCancel={props.onClose} />
      )}
    </AppModal>
  );
}

function RegisterIndividual({ onCancel }: { onCancel: () => void }) {
  const form = useIndividualForm();
  return (
    <RegisterForm
      form={form}
      toRegistration={(values) => ({
        kind: 'individual',
        input: IndividualInput.parse(toIndividualInput(values)),
      })}
      title={TITLES.individual}
      submitLabel="Register individual"
      onCancel={onCancel}
    >
      <IndividualFields form={form} isEdit={false} />
    </RegisterForm>
  );
}

function RegisterCorporate({ onCancel }: { onCancel: () => void }) {
  const form = useCorporateForm();
  return (
    <RegisterForm
      form={form}
      toRegistration={(values) => ({
        kind: 'corporate',
        input: CorporateInput.parse(toCorporateInput(values)),
      })}
      title={TITLES.corporate}
      submitLabel="Register company"
      onCancel={onCancel}
    >
      <CorporateFields form={form} isEdit={false} />
    </RegisterForm>
  );
}

function RegisterForm<V extends IndividualValues | CorporateValues>({
  form,
  toRegistration,
  title,
  submitLabel,
  onCancel,
  children,
}: {
  form: UseFormReturnType<V>;
  toRegistration: (values: V) => Registration;
  title: string;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const registration = useRegistration((error) =>
    setFormError(showServerErrors(form, error, { fieldOf: fieldByPath })),
  );
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        registration.register(toRegistration(values));
      })}
    >
      <Stack gap="lg">
        {children}
        <FormFooter
          formError={formError}
          registration={registration}
          onCancel={onCancel}
          submitLabel={submitLabel}
        />
      </Stack>
    </form>
  );
}

function FormFooter({
  formError,
  registration,
  onCancel,
  submitLabel,
}: {
  formError: string | null;
  registration: ReturnType<typeof useRegistration>;
  onCancel: () => void;
  submitLabel: string;
}) {
  return (
    <>
      {registration.exact && <ExactDuplicateAlert duplicate={registration.exact} />}
      {formError && (
        <Alert color="red" variant="light" role="alert" title="Not registered">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={registration.isBusy}>
          {submitLabel}
        </Button>
      </Group>
      <DuplicateDialog
        warnings={registration.warnings}
        isSaving={registration.isSaving}
        onConfirm={registration.confirm}
        onCancel={registration.cancel}
      />
    </>
  );
}
