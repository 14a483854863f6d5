import type { MdaView } from '../../../shared/mdas';
import type { TestContext } from '../../testing/context';

/** Helpers for the MDA API tests: each test file makes its own MDAs through the API. */

let serial = 0;

/** A valid body for POST /api/v1/mdas with a code and name no other call of this process uses. */
export function uniqueMda(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    code: `TST-${serial}`,
    name: `Test Ministry of Things ${serial}`,
    category: 'ministry',
    ...overrides,
  };
}

/**
 * `send` and `createMda` as one signed-in officer unless other headers are given. Both are
 * read when a call is made: the context and the officer are made in `beforeAll`.
 */
export function mdaClient(
  context: () => Pick<TestContext, 'app'>,
  defaultHeaders: () => Record<string, string>,
) {
  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = defaultHeaders(),
  ) =>
    context().app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const createMda = async (overrides: Record<string, unknown> = {}): Promise<MdaView> => {
    const res = await send('POST', '/api/v1/mdas', uniqueMda(overrides));
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { send, createMda };
}

/** The fields a 422 names. */
export function issuePaths(res: { json(): unknown }): string[] {
  const body = res.json() as { error: { details?: { issues?: { path: string }[] } } };
  return (body.error.details?.issues ?? []).map((i) => i.path);
}
