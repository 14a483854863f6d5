import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type {
  CorporateInput,
  DuplicateCheckInput,
  DuplicateCheckResult,
  DuplicateWarning,
  ExactDuplicate,
  IndividualInput,
  RegistrationResult,
  TaxpayerKind,
} from '../../../../shared/taxpayers';
import { api, isApiError } from '../../../lib/api/api';
import { useShellBase } from '../../../shell/shellPaths';
import { taxpayerKeys } from '../queries';

export type Registration =
  | { kind: 'individual'; input: IndividualInput }
  | { kind: 'corporate'; input: CorporateInput };

/** What the duplicate check looks at: the identifiers, the name, the phone and e-mail. */
function duplicateCheckOf(registration: Registration): DuplicateCheckInput {
  if (registration.kind === 'individual') {
    const { firstName, lastName, dateOfBirth, nin, phone, email } = registration.input;
    return { kind: 'individual', firstName, lastName, dateOfBirth, nin, phone, email };
  }
  const { registeredName, cacNumber, cacKind, phone, email } = registration.input;
  return { kind: 'corporate', registeredName, cacNumber, cacKind, phone, email };
}

const REGISTER_PATHS: Record<TaxpayerKind, string> = {
  individual: '/api/v1/taxpayers/individuals',
  corporate: '/api/v1/taxpayers/corporates',
};

function isExactDuplicate(details: unknown): details is ExactDuplicate {
  return typeof details === 'object' && details !== null && 'btin' in details;
}

/**
 * Registering: look for the same taxpayer first. The same NIN or CAC number stops
 * it; a likely duplicate (name and birth date, phone, e-mail) asks the officer to confirm.
 * `onFieldErrors` receives a refusal of the server to put beside the fields.
 */
export function useRegistration(onError: (error: Error) => void) {
  const base = useShellBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [exact, setExact] = useState<ExactDuplicate | null>(null);
  const [pending, setPending] = useState<{
    registration: Registration;
    warnings: DuplicateWarning[];
  } | null>(null);

  const save = useMutation({
    mutationFn: (registration: Registration) =>
      api.post<RegistrationResult>(REGISTER_PATHS[registration.kind], registration.input),
    onSuccess: ({ taxpayer }) => {
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: taxpayerKeys.lists() });
      queryClient.setQueryData(taxpayerKeys.one(taxpayer.btin), taxpayer);
      notifications.show({
        color: 'green',
        title: 'Taxpayer registered',
        message: `${taxpayer.displayName} is registered with BTIN ${taxpayer.btin}.`,
      });
      void navigate({ to: `${base}/taxpayer/${taxpayer.btin}` });
    },
    onError: (error) => {
      setPending(null);
      if (
        isApiError(error) &&
        error.code === 'DUPLICATE_TAXPAYER' &&
        isExactDuplicate(error.details)
      ) {
        setExact(error.details);
        return;
      }
      onError(error);
    },
  });

  const check = useMutation({
    mutationFn: (registration: Registration) =>
      api.post<DuplicateCheckResult>(
        '/api/v1/taxpayers/duplicate-check',
        duplicateCheckOf(registration),
      ),
    onSuccess: (result, registration) => {
      if (result.exact) setExact(result.exact);
      else if (result.warnings.length > 0) setPending({ registration, warnings: result.warnings });
      else save.mutate(registration);
    },
    onError,
  });

  return {
    exact,
    warnings: pending?.warnings ?? null,
    isBusy: check.isPending || save.isPending,
    isSaving: save.isPending,
    register: (registration: Registration) => {
      setExact(null);
      check.mutate(registration);
    },
    confirm: () => {
      if (pending) save.mutate(pending.registration);
    },
    cancel: () => setPending(null),
  };
}
