import { useForm } from '@mantine/form';
import { CorporateInput, IndividualInput, type TaxpayerView } from '../../../../shared/taxpayers';
import { fieldByPath, validateWith } from '../../../lib/failures/formErrors';
import {
  type CorporateValues,
  corporateValues,
  type IndividualValues,
  individualValues,
  toCorporateInput,
  toIndividualInput,
} from './formValues';

/**
 * The forms are controlled: the dependent selects (state → LGA → town, category →
 * sub-category → profession) read the choice above them on every render.
 * `view` prefills the form for an edit.
 */
export function useIndividualForm(view?: TaxpayerView) {
  const initialValues = individualValues(view);
  return useForm<IndividualValues>({
    mode: 'controlled',
    initialValues,
    validate: validateWith(IndividualInput, toIndividualInput, {
      fieldOf: fieldByPath,
      editedFrom: view ? toIndividualInput(initialValues) : undefined,
    }),
    validateInputOnBlur: true,
  });
}

export function useCorporateForm(view?: TaxpayerView) {
  const initialValues = corporateValues(view);
  return useForm<CorporateValues>({
    mode: 'controlled',
    initialValues,
    validate: validateWith(CorporateInput, toCorporateInput, {
      fieldOf: fieldByPath,
      editedFrom: view ? toCorporateInput(initialValues) : undefined,
    }),
    validateInputOnBlur: true,
  });
}
