/** The closed lists of MDAs, shared by the database enum, the API and the forms. */

/** What kind of body an MDA is: a ministry, a department, an agency, or a local government. */
export const MDA_CATEGORIES = ['ministry', 'department', 'agency', 'lga'] as const;
export type MdaCategory = (typeof MDA_CATEGORIES)[number];

export const MDA_CATEGORY_LABELS = {
  ministry: 'Ministry',
  department: 'Department',
  agency: 'Agency',
  lga: 'Local government',
} as const satisfies Record<MdaCategory, string>;

/** How the details list may be ordered; `-` first means descending. */
export const MDA_SORTS = ['code', '-code', 'name', '-name'] as const;
export type MdaSort = (typeof MDA_SORTS)[number];
