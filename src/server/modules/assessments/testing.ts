import type { AssessmentView } from '../../../shared/assessments';
import type { TestContext } from '../../testing/context';
import type { SignedIn } from '../../testing/factories';

/** Helpers of the assessments' tests (not a test file itself). */

export function directBody(btin: string, overrides: Record<string, unknown> = {}) {
  return {
    btin,
    taxYear: 2024,
    incomes: [{ source: 'employment', amountKobo: 400_000_000 }],
    deductions: { pensionKobo: 32_000_000 },
    evidenceNote: 'Payslips for 2024 seen',
    ...overrides,
  };
}

export async function send(
  ctx: TestContext,
  who: SignedIn | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? who.bearer : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A direct assessment drafted (and issued, unless `issue: false`) by `who`. */
export async function createDirectAssessment(
  ctx: TestContext,
  who: SignedIn,
  btin: string,
  options: { issue?: boolean; overrides?: Record<string, unknown> } = {},
): Promise<AssessmentView> {
  const res = await send(
    ctx,
    who,
    'POST',
    '/api/v1/assessments/direct',
    directBody(btin, options.overrides),
  );
  if (res.statusCode !== 201) throw new Error(`draft failed: ${res.statusCode} ${res.body}`);
  const draft = res.json<AssessmentView>();
  if (options.issue === false) return draft;
  const issued = await send(ctx, who, 'POST', `/api/v1/assessments/${draft.id}/issue`);
  if (issued.statusCode !== 200)
    throw new Error(`issue failed: ${issued.statusCode} ${issued.body}`);
  return issued.json<AssessmentView>();
}
