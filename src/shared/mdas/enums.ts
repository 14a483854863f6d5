/** The closed lists of MDAs, shared by the database enum, the API and the forms. */

/** What kind of body an MDA is: a ministry, a department, an agency, or a local government. */
export const MDA_CATEGORIES = ['ministry', 'department', 'agency', 'lga'] as const;
export type MdaCategory = (typeof MDA_CATEGORIES)[number];
