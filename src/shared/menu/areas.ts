/** docs/product.md §2: the child areas both shells (birs, governor) hold. */
export const SHELL_CHILD_AREAS = [
  'admin',
  'dashboard',
  'mda',
  'signage',
  'taxs',
  'taxpayer',
  'transactions',
  'verification',
  'reporting',
  'form-elements',
  'general',
  // RevDesk's own: the SSC levy lists (docs/product.md §7 names their calls only).
  'ssc',
  // RevDesk's own: the revenue budget (docs/budgets.md).
  'budgets',
] as const;

/** The birs shell also has stamp-duty (docs/product.md §2). Every menu link lives in one of these. */
export const BIRS_CHILD_AREAS = [...SHELL_CHILD_AREAS, 'stamp-duty'] as const;
