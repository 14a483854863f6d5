import type { AssessmentKind } from '../../../../shared/assessments/enums';

/** Each kind's title (docs/product.md §2 menu names) and where its "new" and "capture" pages are. */
export const KIND_LIST = {
  direct: {
    title: 'Direct Assessments',
    noun: 'direct assessments',
    path: 'taxs/direct-assessment',
    newPath: 'taxs/direct-assessment/new',
    capturePath: 'taxs/capture-direct-assessment',
  },
  presumptive: {
    title: 'Presumptive Tax Assessments',
    noun: 'presumptive tax assessments',
    path: 'taxs/presumptive-tax',
    newPath: 'taxs/presumptive-tax/new',
    capturePath: 'taxs/capture-presumptive-tax',
  },
} as const satisfies Record<AssessmentKind, object>;
