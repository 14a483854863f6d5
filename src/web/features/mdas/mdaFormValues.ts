import { MDA_CATEGORIES, type MdaCategory, type MdaView } from '../../../shared/mdas';

/** What happens to the stored Remita API key when an edit is saved. */
export type ApiKeyAction = 'keep' | 'replace' | 'remove';

export type MdaValues = {
  code: string;
  name: string;
  shortName: string;
  category: string | null;
  isActive: boolean;
  merchantId: string;
  serviceTypeIds: string[];
  /** Typed only to set or replace the key; never prefilled, the server never sends it. */
  apiKey: string;
  apiKeyAction: ApiKeyAction;
};

export function mdaValues(mda: MdaView | null): MdaValues {
  return {
    code: mda?.code ?? '',
    name: mda?.name ?? '',
    shortName: mda?.shortName ?? '',
    category: mda?.category ?? null,
    isActive: mda?.isActive ?? true,
    merchantId: mda?.merchantId ?? '',
    serviceTypeIds: mda?.serviceTypeIds ?? [],
    apiKey: '',
    apiKeyAction: 'keep',
  };
}

const isCategory = (value: string | null): value is MdaCategory =>
  (MDA_CATEGORIES as readonly (string | null)[]).includes(value);

/** The MDA's fields as the API takes them, without the key. */
export function toMdaFields(values: MdaValues) {
  return {
    code: values.code.trim().toUpperCase(),
    name: values.name.trim(),
    shortName: values.shortName.trim() || null,
    // An unchosen category is sent as it is, so the schema names the field.
    category: (isCategory(values.category)
      ? values.category
      : (values.category ?? '')) as MdaCategory,
    isActive: values.isActive,
    merchantId: values.merchantId.trim() || null,
    serviceTypeIds: values.serviceTypeIds.map((id) => id.trim()).filter(Boolean),
  };
}

/**
 * The body of POST /api/v1/mdas, and what the form validates: the key when one is typed, or
 * when the officer chose to replace it (then an empty box is an error to show).
 */
export function toMdaInput(values: MdaValues) {
  const apiKey = values.apiKey.trim();
  return {
    ...toMdaFields(values),
    ...(values.apiKeyAction === 'replace' || apiKey !== '' ? { apiKey } : {}),
  };
}

/** The key part of a PATCH: a new key, null to remove it, or nothing. */
export function apiKeyChange(values: MdaValues): { apiKey?: string | null } {
  if (values.apiKeyAction === 'replace') return { apiKey: values.apiKey.trim() };
  if (values.apiKeyAction === 'remove') return { apiKey: null };
  return {};
}
