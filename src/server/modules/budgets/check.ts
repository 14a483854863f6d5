import type { BudgetRowProblem } from '../../../shared/budgets/file';

/**
 * The rules a budget's lines keep wherever they come from (a file or the page; docs/budgets.md
 * "Errors"): the MDA exists, the economic code is one of that MDA's revenue heads, and no MDA
 * and code appear twice. Problems name the line and field in the words of where the lines
 * came from.
 */

export type CatalogueMda = {
  id: string;
  code: string;
  name: string;
  heads: { code: string; name: string }[];
};

export type CheckedLine = {
  line: number;
  mdaId: string;
  economicCode: string;
  annualKobo: number;
  monthsKobo: number[];
};

export type LineToCheck = {
  line: number;
  /** The MDA as the line names it: by id (the page) or by code (a file). */
  mda: { id: string } | { code: string };
  economicCode: string;
  annualKobo: number;
  monthsKobo: number[];
};

export function checkBudgetLines(
  lines: readonly LineToCheck[],
  catalogue: readonly CatalogueMda[],
  fields: { mda: string; economicCode: string },
): { lines: CheckedLine[]; problems: BudgetRowProblem[] } {
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  const byCode = new Map(catalogue.map((m) => [m.code.toLowerCase(), m]));
  const firstLineOf = new Map<string, number>();
  const problems: BudgetRowProblem[] = [];
  const checked: CheckedLine[] = [];
  for (const l of lines) {
    const mda = 'id' in l.mda ? byId.get(l.mda.id) : byCode.get(l.mda.code.toLowerCase());
    if (!mda) {
      const named = 'id' in l.mda ? l.mda.id : `"${l.mda.code.slice(0, 20)}"`;
      problems.push({ line: l.line, field: fields.mda, problem: `no MDA has the code ${named}` });
      continue;
    }
    if (!mda.heads.some((h) => h.code === l.economicCode)) {
      problems.push({
        line: l.line,
        field: fields.economicCode,
        problem: `${l.economicCode} is not a revenue head of ${mda.name} (${mda.code})`,
      });
      continue;
    }
    const key = `${mda.id}/${l.economicCode}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      problems.push({
        line: l.line,
        field: fields.economicCode,
        problem: `repeats line ${first} (${mda.code}, ${l.economicCode}): one line per MDA and revenue head`,
      });
      continue;
    }
    firstLineOf.set(key, l.line);
    checked.push({
      line: l.line,
      mdaId: mda.id,
      economicCode: l.economicCode,
      annualKobo: l.annualKobo,
      monthsKobo: l.monthsKobo,
    });
  }
  return { lines: checked, problems };
}

/** The most problems a refusal's message lists; `details.rows` holds up to 200. */
const LISTED = 20;

export function problemsMessage(
  what: string,
  problems: readonly BudgetRowProblem[],
  lineWord: string,
): string {
  const listed = problems
    .slice(0, LISTED)
    .map((p) => `${lineWord} ${p.line}, ${p.field}: ${p.problem}`)
    .join('; ');
  const more = problems.length > LISTED ? ` and ${problems.length - LISTED} more` : '';
  const count = `${problems.length} problem${problems.length > 1 ? 's' : ''}`;
  return `${what} is refused (${count}) — ${listed}${more}. Nothing was stored.`;
}
