/**
 * An answer as a test names it: its status, and for a refusal the error code too
 * (`'409 CONFLICT'`), so that a test expecting one refusal fails on another that happens to share
 * its status (docs/architecture.md §3, §8).
 */
export function outcomeOf(answer: { statusCode: number; body: string }): string {
  if (answer.statusCode < 400) return String(answer.statusCode);
  let code = '(no error code)';
  try {
    code = JSON.parse(answer.body)?.error?.code ?? code;
  } catch {
    // Not JSON: the outcome says so, and the test's expectation shows the difference.
  }
  return `${answer.statusCode} ${code}`;
}
