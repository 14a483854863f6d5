import { DemandNoticeInput } from '../../../shared/demandNotices';
import { validateWith } from '../../lib/failures/formErrors';
import { fieldOf, toInput } from './noticeInput';

/**
 * The demand notice form's checks, the API's own schema: fetched when the officer first uses the
 * form (lib/forms/deferredChecks.ts), so that the page's first draw does not load zod
 * (docs/architecture.md §9 "Web").
 */
export const checkNotice = validateWith(DemandNoticeInput, toInput, { fieldOf });
