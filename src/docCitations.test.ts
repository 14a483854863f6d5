import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (README, "Where things are written"): a comment that cites a
 * document (`docs/architecture.md §9`, `docs/tax-rules.md`, `bench/README.md`) or an ADR must
 * name a file that is in the repository and, when it names a section, a section that file has.
 * This test lives at the top of src/ because it reads src/, e2e/ and bench/ alike.
 */

const root = path.resolve(import.meta.dirname, '..');
const scanned = ['src', 'e2e', 'bench'];
const textFile = /\.(ts|tsx|mts|mjs|js|sql|md|css|html|sh)$/;

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'results' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...filesUnder(full));
    else if (textFile.test(entry)) found.push(full);
  }
  return found;
}

/** A `.md` path, then any `§N` or `§N.M` that follow it (`§7, §9`, `§2 and §6`). */
const citation =
  /(?<![\w/.@-])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w.-]+\.md)\b((?:(?:,|\s|and|or)*§ ?\d+(?:\.\d+)?)*)/g;
const adr = /\bADRs? (\d{4})\b/g;

/** Section numbers a document's headings carry: `## 9. Budgets`, `### 11.7 Tests…`. */
function sectionsOf(file: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+§?\s*(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading?.[1]) numbers.add(heading[1]);
  }
  return numbers;
}

function resolveCited(citing: string, cited: string): string | undefined {
  const candidates = [path.join(root, cited), path.join(path.dirname(citing), cited)];
  return candidates.find((candidate) => existsSync(candidate));
}

/** Every broken citation of one file's text, as `file:line: what`. */
function brokenCitations(citing: string, text: string): string[] {
  const broken: string[] = [];
  const where = (index: number) =>
    `${path.relative(root, citing)}:${text.slice(0, index).split('\n').length}`;
  for (const match of text.matchAll(citation)) {
    const [, cited = '', sections = ''] = match;
    const resolved = resolveCited(citing, cited);
    if (!resolved) {
      broken.push(`${where(match.index)}: ${cited} is not in the repository`);
      continue;
    }
    const present = sectionsOf(resolved);
    for (const [, number] of sections.matchAll(/§ ?(\d+(?:\.\d+)?)/g)) {
      if (number && !present.has(number)) {
        broken.push(`${where(match.index)}: ${cited} has no section ${number}`);
      }
    }
  }
  const decisions = readdirSync(path.join(root, 'docs/decisions'));
  for (const match of text.matchAll(adr)) {
    if (!decisions.some((name) => name.startsWith(`${match[1]}-`))) {
      broken.push(`${where(match.index)}: ADR ${match[1]} is not in docs/decisions/`);
    }
  }
  return broken;
}

describe('citations of documents in src/, e2e/ and bench/', () => {
  it('name files in the repository, and sections those files have', () => {
    const broken = scanned
      .flatMap((dir) => filesUnder(path.join(root, dir)))
      .filter((file) => file !== import.meta.filename) // its own examples are broken on purpose
      .flatMap((file) => brokenCitations(file, readFileSync(file, 'utf8')));
    expect(broken).toEqual([]);
  });

  it('catches a missing file, a missing section and a missing ADR', () => {
    const here = path.join(root, 'src/example.ts');
    expect(brokenCitations(here, '// docs/architecture.md §9 and docs/product.md §6')).toEqual([]);
    expect(brokenCitations(here, '// docs/architecture.md §11.7, ADR 0011')).toEqual([]);
    expect(brokenCitations(here, '// see docs/nowhere.md')).toEqual([
      'src/example.ts:1: docs/nowhere.md is not in the repository',
    ]);
    expect(brokenCitations(here, '/*\n * docs/architecture.md §7, §42\n */')).toEqual([
      'src/example.ts:2: docs/architecture.md has no section 42',
    ]);
    expect(brokenCitations(here, '// ADR 9999')).toEqual([
      'src/example.ts:1: ADR 9999 is not in docs/decisions/',
    ]);
  });
});
