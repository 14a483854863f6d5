import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * Which chunk a module of the web build goes to (docs/architecture.md §9 "Web").
 *
 * Left to itself, Rolldown makes a chunk for every set of lazy routes that share a module: a
 * list page came in 68 JS and CSS requests, and simulated mobile throttling charges a round
 * trip for each. Grouped by when a module is first needed instead:
 *
 * - `vendor`, `sign-in`: the packages and our code of the sign-in page as a page of its own
 *   (signInEntry.tsx: React, Mantine's provider and the inputs it draws, the sign-in form).
 *   Every page loads them: the app draws with the same.
 * - `vendor-app`, `main`: the packages and our code main.tsx needs beyond those (the router,
 *   the query cache, the route tree, the skeletons). The sign-in page never loads them.
 * - `vendor-shell`, `shell`: the packages and our code of the officer shells and their frame,
 *   which every signed-in page shows. The packages of the shell's own dialogs (the RRR checks,
 *   whose code loads when one opens) are in `vendor-shell` too, zod excepted: the pages draw
 *   with most of the same Mantine parts, and a page that needs no other package (the
 *   dashboard) then loads no `vendor-pages`.
 * - `vendor-forms`, `app-forms`: the packages only forms need (the money input's number
 *   formatting), and our code more than one lazy page imports that draws with them (the money
 *   input), so that the lists do not load them.
 * - `vendor-pages`: the other packages more than one lazy page imports (the date picker, the
 *   data table, the form helpers). Only signed-in pages load them, never the sign-in page.
 * - `vendor-charts`, `app-charts`: the chart library (@mantine/charts, recharts and what only
 *   they import), and our code more than one lazy page imports that draws with it (the chart
 *   figure). Only the report and dashboard pages that draw charts load them; they come after
 *   `vendor-pages` and `app-pages`, so the Mantine parts and helpers the charts share with the
 *   lists stay where the lists find them.
 * - `app-pages`, `app`: the rest of our code that more than one lazy page imports; `app-pages`
 *   the part that draws with `vendor-pages` (the list table, the forms), so that a page that
 *   needs neither (the dashboard) does not load them.
 * - `zod`, `schemas`: zod, and our code that more than one lazy page or dialog imports and that
 *   builds or uses zod schemas (the forms' validation, src/shared's schema modules). The shell
 *   and the pages' first draw import none of it (the forms and dialogs that validate load
 *   when they open), so no signed-in page downloads zod before a form needs it. They come
 *   last: a group takes the modules its modules import that no earlier group took, and the
 *   zod-free modules these import (the enums, the labels) must stay in `app`.
 *
 * Our code that one page alone imports stays in that page's chunk. The groups are served in
 * this order: a module an earlier group takes (with the modules it imports) is not in a later
 * one. So `app` comes before `app-pages`: the list table and the forms import `app`'s helpers
 * (money, the formats), which would otherwise go with them, and the dashboard, which needs
 * those helpers and none of `vendor-pages`, would load `app-pages` and `vendor-pages` too.
 */
const CHUNKS = [
  'vendor',
  'sign-in',
  'vendor-app',
  'main',
  'vendor-shell',
  'shell',
  'vendor-forms',
  'vendor-pages',
  'vendor-charts',
  'app',
  'app-forms',
  'app-pages',
  'app-charts',
  'zod',
  'schemas',
] as const;

export function chunkGroups(webRoot: string): Rolldown.CodeSplittingGroup[] {
  const entryId = path.join(webRoot, 'main.tsx');
  const signInId = path.join(webRoot, 'signInEntry.tsx');
  const verifyId = path.join(webRoot, 'verifyEntry.tsx');
  const shellIds = [
    path.join(webRoot, 'shell/OfficerShell.tsx'),
    path.join(webRoot, 'shell/ShellFrame.tsx'),
  ];
  let plan: Map<string, string | null> | undefined;
  return CHUNKS.map((chunk, index) => ({
    debugName: chunk,
    priority: CHUNKS.length - index,
    // The form packages' group takes only what it names: with the helpers they import (Mantine's
    // clamp) it would make every page that loads `vendor-pages` load it too.
    ...(chunk === 'vendor-forms' ? { includeDependenciesRecursively: false } : {}),
    name: (moduleId, context) => {
      plan ??= planChunks(context, entryId, signInId, verifyId, shellIds);
      return plan.get(moduleId) === chunk ? chunk : null;
    },
  }));
}

const isPackage = (moduleId: string) => /[\\/]node_modules[\\/]/.test(moduleId);

/** The public checks' own code (features/verify/), which only their page loads. */
const isVerifyPage = (moduleId: string) => /[\\/]features[\\/]verify[\\/]/.test(moduleId);

/**
 * A package's index that only re-exports its parts (Mantine's): walked through whole, it would
 * make the sign-in page reach every Mantine component. Only the parts named in the importing
 * module's import statement are followed through it.
 */
const isBarrel = (moduleId: string) =>
  /[\\/]node_modules[\\/]@mantine[\\/][^\\/]+[\\/]esm[\\/]index\.mjs$/.test(moduleId);

/**
 * zod goes with the signed-in pages and forms that parse with it, never in a first load: the
 * pages' entries set its jitless switch without importing it (lib/zodJitless.ts).
 */
const isZod = (moduleId: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(moduleId);

/**
 * What only forms draw with: the money input's number formatting, and Mantine's number input
 * and formatter that import it. The lists, which every officer opens first and most, never
 * load them (docs/architecture.md §9: a signed-in page ≤ 300 KB). Its group comes before `vendor-pages`,
 * which would otherwise take them along with the Mantine parts the pages share.
 */
const isFormPackage = (moduleId: string) =>
  /[\\/]node_modules[\\/](?:react-number-format[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Number(?:Input|Formatter)[\\/])/.test(
    moduleId,
  );

/** The chart library's own packages: what they import, and nothing else does, goes with them. */
const isChartPackage = (moduleId: string) =>
  /[\\/]node_modules[\\/](?:recharts|@mantine[\\/]charts)[\\/]/.test(moduleId);

const ALL = '*';
const IMPORT_STATEMENT = /\b(?:import|export)\s*([\w$*\s{},]*?)\s*from\s*["']([^"']+)["']/g;

/** The names each import statement of `code` takes, by specifier; ALL for `*` or a default. */
function importedNames(code: string): Map<string, Set<string>> {
  const bySpecifier = new Map<string, Set<string>>();
  for (const [, clause = '', specifier = ''] of code.matchAll(IMPORT_STATEMENT)) {
    const names = bySpecifier.get(specifier) ?? new Set<string>();
    bySpecifier.set(specifier, names);
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/\btype\b/g, '');
    if (/[*\w$]/.test(outside)) names.add(ALL);
    for (const part of braces?.[1]?.split(',') ?? []) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return bySpecifier;
}

/** Whether `specifier`, written in `importer`, names the module `target`. */
function names(importer: string, specifier: string, target: string): boolean {
  if (specifier.startsWith('.')) {
    return target.startsWith(path.resolve(path.dirname(importer), specifier));
  }
  return target.includes(`${path.sep}node_modules${path.sep}${specifier}${path.sep}`);
}

/**
 * Every module `from` imports statically, directly or not, itself included; through a barrel,
 * only the parts imported by name.
 */
function staticClosure(
  context: ChunkingContext,
  from: string,
  stopAt: (moduleId: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  const visit = (moduleId: string) => {
    if (!seen.has(moduleId) && !stopAt(moduleId)) stack.push(moduleId);
  };
  while (stack.length > 0) {
    const moduleId = stack.pop() as string;
    if (seen.has(moduleId)) continue;
    const info = context.getModuleInfo(moduleId);
    if (!info) continue;
    seen.add(moduleId);
    const imports = info.code ? importedNames(info.code) : undefined;
    for (const imported of info.importedIds) {
      if (!isBarrel(imported) || !imports) {
        visit(imported);
        continue;
      }
      const wanted = new Set<string>();
      for (const [specifier, taken] of imports) {
        if (names(moduleId, specifier, imported)) for (const name of taken) wanted.add(name);
      }
      const barrel = context.getModuleInfo(imported);
      if (wanted.size === 0 || wanted.has(ALL) || !barrel?.code) {
        visit(imported);
        continue;
      }
      // The barrel itself is a chunk's business only as far as its parts are.
      seen.add(imported);
      for (const [specifier, exported] of importedNames(barrel.code)) {
        if (![...exported].some((name) => wanted.has(name))) continue;
        const part = barrel.importedIds.find((id) => names(imported, specifier, id));
        if (part) visit(part);
      }
    }
  }
  return seen;
}

function planChunks(
  context: ChunkingContext,
  entryId: string,
  signInId: string,
  verifyId: string,
  shellIds: string[],
): Map<string, string | null> {
  const plan = new Map<string, string | null>();
  const signIn = staticClosure(context, signInId);
  for (const moduleId of signIn) {
    if (!isZod(moduleId)) plan.set(moduleId, isPackage(moduleId) ? 'vendor' : 'sign-in');
  }
  // The public checks (verifyEntry.tsx, ADR 0032): the few packages and shared helpers they
  // need beyond the sign-in page's go with the sign-in page's (both public pages load them; a
  // few KB for sign-in), their own code stays in their page's chunk. Never `vendor-app` and
  // the rest, which would break their 150 KB (docs/architecture.md §9).
  if (context.getModuleInfo(verifyId)) {
    for (const moduleId of staticClosure(context, verifyId)) {
      if (plan.has(moduleId) || isZod(moduleId)) continue;
      if (isPackage(moduleId)) plan.set(moduleId, 'vendor');
      else if (!isVerifyPage(moduleId)) plan.set(moduleId, 'sign-in');
    }
  }
  const entry = staticClosure(context, entryId);
  for (const moduleId of entry) {
    if (!plan.has(moduleId) && !isZod(moduleId)) {
      plan.set(moduleId, isPackage(moduleId) ? 'vendor-app' : 'main');
    }
  }
  // The two entry modules stay in their pages' own chunks: each draws its page when it runs, so
  // neither may run as part of a shared chunk the other page loads.
  plan.set(signInId, null);
  plan.set(verifyId, null);
  plan.set(entryId, null);
  // Every module a lazy import reaches, and how many lazy imports reach it.
  const lazyRoots = new Set<string>();
  for (const moduleId of [...signIn, ...entry]) {
    for (const lazy of context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []) {
      lazyRoots.add(lazy);
    }
  }
  const reachedBy = new Map<string, number>();
  // What the lazy pages reach without going through the chart library: a package outside it
  // is the charts' alone (`vendor-charts`) only when no page needs it otherwise.
  const reachedWithoutCharts = new Set<string>();
  const pending = [...lazyRoots];
  const visitedRoots = new Set<string>();
  while (pending.length > 0) {
    const root = pending.pop() as string;
    if (visitedRoots.has(root)) continue;
    visitedRoots.add(root);
    for (const moduleId of staticClosure(context, root)) {
      reachedBy.set(moduleId, (reachedBy.get(moduleId) ?? 0) + 1);
      pending.push(...(context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []));
    }
    for (const moduleId of staticClosure(context, root, isChartPackage)) {
      reachedWithoutCharts.add(moduleId);
    }
  }
  const chartsOnly = (moduleId: string) =>
    isPackage(moduleId) && (isChartPackage(moduleId) || !reachedWithoutCharts.has(moduleId));
  const shellDialogs = new Set<string>();
  for (const shellId of shellIds) {
    for (const moduleId of staticClosure(context, shellId)) {
      if (!plan.has(moduleId)) plan.set(moduleId, isPackage(moduleId) ? 'vendor-shell' : 'shell');
      for (const lazy of context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []) {
        if (!isPackage(lazy)) shellDialogs.add(lazy);
      }
    }
  }
  for (const dialogId of shellDialogs) {
    for (const moduleId of staticClosure(context, dialogId)) {
      if (!plan.has(moduleId) && isPackage(moduleId) && !isZod(moduleId)) {
        plan.set(moduleId, 'vendor-shell');
      }
    }
  }
  const shared = [...reachedBy].filter(([moduleId, count]) => count > 1 && !plan.has(moduleId));
  for (const [moduleId] of shared) {
    if (!isPackage(moduleId)) continue;
    if (isZod(moduleId)) plan.set(moduleId, 'zod');
    else if (isFormPackage(moduleId)) plan.set(moduleId, 'vendor-forms');
    else if (chartsOnly(moduleId)) plan.set(moduleId, 'vendor-charts');
    else plan.set(moduleId, 'vendor-pages');
  }
  for (const [moduleId] of shared) {
    if (isPackage(moduleId)) continue;
    const closure = [...staticClosure(context, moduleId)];
    if (closure.some(isZod)) {
      plan.set(moduleId, 'schemas');
      continue;
    }
    if (closure.some((imported) => plan.get(imported) === 'vendor-forms')) {
      plan.set(moduleId, 'app-forms');
      continue;
    }
    if (closure.some((imported) => plan.get(imported) === 'vendor-charts')) {
      plan.set(moduleId, 'app-charts');
      continue;
    }
    const drawsWithPagePackages = closure.some((imported) => plan.get(imported) === 'vendor-pages');
    plan.set(moduleId, drawsWithPagePackages ? 'app-pages' : 'app');
  }
  return plan;
}
