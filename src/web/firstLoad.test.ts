import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What an entry's first load reaches: every module it imports statically, directly or not
 * (`import()` of a lazy page is not followed, nor `import type`). vite.chunks.ts puts that
 * closure in the chunks every page loads, so a module here weighs on every signed-in page's
 * first load (docs/architecture.md §9 "Web": ≤ 300 KB).
 */
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm;
const TYPES_ONLY = /^\{\s*(?:type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?\s*)+\}$/;

function resolve(importer: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.resolve(path.dirname(importer), specifier);
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    // A folder (`../shared/mdas`) is its index.ts: the folder itself is not the module.
    const file = base + suffix;
    if (existsSync(file) && statSync(file).isFile() && !base.endsWith('.css')) return file;
  }
  return null;
}

/** Each module the entry reaches, with the module that first imported it. */
function firstLoad(entry: string): Map<string, string | null> {
  const importedBy = new Map<string, string | null>([[entry, null]]);
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (!path.isAbsolute(file) || !/\.tsx?$/.test(file)) continue;
    for (const [, clause, from, bare] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (clause && TYPES_ONLY.test(clause.trim())) continue;
      const target = resolve(file, (from ?? bare) as string);
      if (target && !importedBy.has(target)) {
        importedBy.set(target, file);
        pending.push(target);
      }
    }
  }
  return importedBy;
}

/** "zod ← src/shared/isoDay.ts ← … ← src/web/main.tsx": how the entry reaches `module`. */
function chain(importedBy: Map<string, string | null>, module: string): string {
  const steps: string[] = [];
  for (let at: string | null | undefined = module; at; at = importedBy.get(at)) {
    steps.push(path.relative(process.cwd(), at) || at);
  }
  return steps.join(' ← ');
}

const web = path.resolve('src/web');

describe('the first load of a page', () => {
  // zod weighs about 25 KB of brotli: it loads with the forms and dialogs that validate, never
  // with the route tree. A route's search is read with lib/lists/searchParams.ts, and a
  // closed list the route tree needs lives in a zod-free module (an enums.ts).
  it.each([
    ['every signed-in page', 'main.tsx'],
    ['the sign-in page', 'signInEntry.tsx'],
    ['the public checks', 'verifyEntry.tsx'],
  ])('of %s imports no zod', (_what, entry) => {
    const reached = firstLoad(path.join(web, entry));
    const zod = [...reached.keys()].filter((m) => m === 'zod' || m.startsWith('zod/'));
    expect(zod.map((m) => chain(reached, m))).toEqual([]);
  });

  // A lazy page's own first draw: the list, the page's forms that show at once. The dialogs,
  // drawers and forms that validate load when they open (lib/dialogs/useLazyDialog.ts), and what the
  // first draw needs of a schema module (its labels, its limits) comes from a zod-free module.
  it.each([
    ['admin/admin-list and admin/tax-officer-list', 'features/officers/list/OfficerListPage.tsx'],
    ['admin/profile', 'features/profile/ProfilePage.tsx'],
    ['mda/manage-mda and mda/mda-list', 'features/mdas/MdasPage.tsx'],
    ['admin/trade-categories', 'features/assessments/categories/TradeCategoriesPage.tsx'],
    ['admin/collection-accounts', 'features/bank/accounts/CollectionAccountsPage.tsx'],
    ['admin/letterhead', 'features/letterhead/LetterheadPage.tsx'],
    ['transactions/needing-attention', 'features/payments/attention/AttentionPage.tsx'],
    ['transactions/post-transactions', 'features/bank/postTransactions/PostTransactionsPage.tsx'],
    ['the credits waiting', 'features/bank/postTransactions/WaitingCreditsPage.tsx'],
    ['taxs/objections', 'features/assessments/objections/ObjectionsPage.tsx'],
    [
      'taxs/capture-direct-assessment and taxs/capture-presumptive-tax',
      'features/assessments/backlog/BacklogCapturePage.tsx',
    ],
    ['reporting/mda-transaction-report', 'features/demandNotices/MdaTransactionReportPage.tsx'],
    ['mda/generate-assessment', 'features/demandNotices/GenerateAssessmentPage.tsx'],
    ['ssc/upload', 'features/ssc/capture/SscUploadPage.tsx'],
    ['ssc/entry', 'features/ssc/capture/SscEntryPage.tsx'],
    [
      'taxs/generate-mda-tcc, paye-tcc-backlog, tcc-direct-assessment, tcc-presumptive-tax and tcc-exemptions',
      'features/tcc/generate/TccGeneratePage.tsx',
    ],
  ])('of %s imports no zod', (_what, page) => {
    const reached = firstLoad(path.join(web, page));
    const zod = [...reached.keys()].filter((m) => m === 'zod' || m.startsWith('zod/'));
    expect(zod.map((m) => chain(reached, m))).toEqual([]);
  });

  // The date picker (@mantine/dates with dayjs, 15.6 KB) loads when an officer first enters a
  // date field (lib/dates/DateField.tsx): a list's date filter, a form's date field and the
  // period picker draw without it.
  it.each([
    ['a list’s date filters', 'lib/lists/filters.tsx'],
    ['the period picker', 'lib/dates/PeriodPicker.tsx'],
    ['a form’s date field', 'features/stampDuty/instrument/NewInstrumentPage.tsx'],
  ])('of %s does not reach the date picker', (_what, module) => {
    const reached = firstLoad(path.join(web, module));
    const picker = [...reached.keys()].filter((m) => /^(?:@mantine\/dates|dayjs)(?:\/|$)/.test(m));
    expect(picker.map((m) => chain(reached, m))).toEqual([]);
    expect(reached.has(path.join(web, 'lib/dates/DateField.tsx'))).toBe(true);
  });

  it('is followed through a folder’s index.ts', () => {
    // MdaTable.tsx imported the labels from '../../../shared/mdas' (the folder), whose index.ts
    // re-exports the zod schemas: the walk stopped at the folder and saw no zod.
    const reached = firstLoad(path.join(web, 'features/mdas/MdaFormModal.tsx'));
    expect(reached.has(path.resolve('src/shared/mdas/index.ts'))).toBe(true);
    expect(reached.has('zod')).toBe(true);
  });

  it('is followed through the route tree (the walk itself reaches the pages’ routes)', () => {
    const reached = firstLoad(path.join(web, 'main.tsx'));
    expect(reached.has(path.join(web, 'router.tsx'))).toBe(true);
    expect(reached.has(path.join(web, 'features/stampDuty/search.ts'))).toBe(true);
    expect(reached.has(path.join(web, 'features/stampDuty/StampListPage.tsx'))).toBe(false);
  });
});
