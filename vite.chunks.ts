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
 *   which every signed-in page shows.
 * - `vendor-dialogs`: the packages only the shell's own dialogs use (the RRR checks, whose code
 *   loads when one opens). What a page uses too goes with the pages' packages below, so the
 *   dashboard does not load the dialogs' form state before a dialog opens.
 * - `vendor-forms`, `vendor-form-state`, `app-form-state`, `app-forms`: the packages only forms
 *   need (the money input's number formatting; Mantine's form state), and our code more than one
 *   lazy page imports that keeps a form's state (the server-error mapping: `app-form-state`) or
 *   draws a money field (`app-forms`), so that the lists load neither and a form without money
 *   (the profile's contact details) does not load the number formatting.
 * - `vendor-pages`, `vendor-dates`, `vendor-table`: the other packages more than one lazy page
 *   imports; the date picker (@mantine/dates, dayjs) and the data table (mantine-datatable),
 *   with what only they import, each in a chunk of its own, so that a form with a date field
 *   does not load the table (12.6 KB) nor a list without one the date picker (13 KB). Only
 *   signed-in pages load them, never the sign-in page. Today the date picker has one importer,
 *   lib/dates/CalendarDateField.tsx, which the date fields load when an officer first enters
 *   one: it goes with that module's own chunk, and `vendor-dates` and `app-dates` stay empty
 *   until a page imports it directly.
 * - `vendor-charts`, `app-charts`: the chart library (@mantine/charts, recharts and what only
 *   they import), and our code more than one lazy page imports that draws with it (the chart
 *   figure, the report parts), even when that code also parses with zod. Only the report and
 *   dashboard pages that draw charts load them. `app-charts` comes last, so the parts and
 *   helpers the charts share with the lists and forms stay where those find them: a form once
 *   loaded the whole chart library, because a report page parsing with zod had been grouped
 *   with the forms' schemas.
 * - `app-pages`, `app-dates`, `app-table`, `app`: the code of src/web/lib and of src/shared's
 *   top level that more than one lazy page imports; `app-table` the part that draws with the data
 *   table (the list table), `app-dates` with the date picker (the date fields, the period
 *   picker), `app-pages` with the other shared packages, so that a page that needs none of them
 *   (the dashboard) loads none, and a page that needs one loads that one.
 * - `zod`, `schemas`: zod, and the code of src/web/lib and src/shared's top level that more than
 *   one lazy page or dialog imports and that builds or uses zod schemas. The shell and the
 *   route tree import none of it, so no page downloads zod before something on it validates.
 *   They come after `app`: a group takes the modules its modules import that no earlier group
 *   took, and the zod-free modules these import (the enums, the labels) must stay in `app`.
 * - `feature-<folder>`, `shared-<folder>` (and `…-schemas` for their parts that use zod): the
 *   code of one folder of src/web/features or src/shared that more than one lazy page imports
 *   (the TCC lists' table, the payment drawer, the tax rules), a chunk per folder: a TCC list
 *   does not load the payments' or the taxpayer forms' shared parts, as it did when all of it
 *   was one `app` chunk that every page loaded (23 KB of brotli, most of it for other pages).
 *
 * e2e/weight.spec.ts holds every menu page's first load to its budget.
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
  'vendor-dialogs',
  'vendor-forms',
  'vendor-form-state',
  'vendor-pages',
  'vendor-dates',
  'vendor-table',
  'vendor-charts',
  'app',
  'app-form-state',
  'app-forms',
  'app-pages',
  'app-dates',
  'app-table',
  'zod',
  'schemas',
  'areas',
  'app-charts',
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
    ...(chunk === 'vendor-forms' || chunk === 'vendor-form-state'
      ? { includeDependenciesRecursively: false }
      : {}),
    name: (moduleId, context) => {
      plan ??= planChunks(rememberingInfo(context), entryId, signInId, verifyId, shellIds);
      const planned = plan.get(moduleId);
      if (chunk === 'areas') return /^(?:feature|shared)-/.test(planned ?? '') ? planned : null;
      return planned === chunk ? chunk : null;
    },
  }));
}

/**
 * The build's module graph, each module's info asked of the bundler once: every ask copies the
 * module's code across, and the plan walks the same modules from every lazy page.
 */
function rememberingInfo(context: ChunkingContext): ChunkingContext {
  const infos = new Map<string, ReturnType<ChunkingContext['getModuleInfo']>>();
  return {
    ...context,
    getModuleInfo(moduleId: string) {
      if (!infos.has(moduleId)) infos.set(moduleId, context.getModuleInfo(moduleId));
      return infos.get(moduleId) ?? null;
    },
  };
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

/**
 * Mantine's form state (useForm, its validation) and the copying helper only it uses: the
 * forms, drawers and dialogs that edit load it, the lists that only read do not.
 */
const isFormStatePackage = (moduleId: string) =>
  /[\\/]node_modules[\\/](?:@mantine[\\/]form|klona)[\\/]/.test(moduleId);

/** The date picker's packages: what they import, and nothing else does, goes with them. */
const isDatePackage = (moduleId: string) =>
  /[\\/]node_modules[\\/](?:@mantine[\\/]dates|dayjs)[\\/]/.test(moduleId);

/** The data table's package: what it imports, and nothing else does, goes with it. */
const isTablePackage = (moduleId: string) =>
  /[\\/]node_modules[\\/]mantine-datatable[\\/]/.test(moduleId);

/** The chart library's own packages: what they import, and nothing else does, goes with them. */
const isChartPackage = (moduleId: string) =>
  /[\\/]node_modules[\\/](?:recharts|@mantine[\\/]charts)[\\/]/.test(moduleId);

/**
 * The chunk of a feature folder (src/web/features/<name>/) or of a shared domain folder
 * (src/shared/<name>/) a module of ours belongs to, if any: `feature-<name>`, `shared-<name>`.
 */
function areaOf(moduleId: string): string | undefined {
  const [, kind, name] =
    /[\\/]src[\\/](web[\\/]features|shared)[\\/]([^\\/]+)[\\/]/.exec(moduleId) ?? [];
  if (!kind || !name) return undefined;
  return `${kind === 'shared' ? 'shared' : 'feature'}-${name}`;
}

const ALL = '*';
const IMPORT_STATEMENT = /\b(?:import|export)\s*([\w$*\s{},]*?)\s*from\s*["']([^"']+)["']/g;

/**
 * Each module's import statements, read once: the plan walks the same modules from every lazy
 * page, several times over, and reading them again each time was most of the build's time.
 */
const importsRead = new Map<string, Map<string, Set<string>>>();

/** The names each import statement of `code` takes, by specifier; ALL for `*` or a default. */
function importedNames(code: string): Map<string, Set<string>> {
  const known = importsRead.get(code);
  if (known) return known;
  const bySpecifier = new Map<string, Set<string>>();
  importsRead.set(code, bySpecifier);
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
  // The shell's own dialogs (the RRR checks), which load when one opens.
  const shellDialogs = new Set<string>();
  for (const shellId of shellIds) {
    for (const moduleId of staticClosure(context, shellId)) {
      for (const lazy of context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []) {
        if (!isPackage(lazy)) shellDialogs.add(lazy);
      }
    }
  }
  const reachedBy = new Map<string, number>();
  // What the pages reach, the shell's dialogs left out.
  const reachedByPages = new Set<string>();
  // What the lazy pages reach without going through the chart library: a package outside it
  // is the charts' alone (`vendor-charts`) only when no page needs it otherwise.
  const reachedWithoutCharts = new Set<string>();
  // The same for the date picker and the data table.
  const reachedWithoutDates = new Set<string>();
  const reachedWithoutTable = new Set<string>();
  const pending = [...lazyRoots];
  const visitedRoots = new Set<string>();
  while (pending.length > 0) {
    const root = pending.pop() as string;
    if (visitedRoots.has(root)) continue;
    visitedRoots.add(root);
    for (const moduleId of staticClosure(context, root)) {
      reachedBy.set(moduleId, (reachedBy.get(moduleId) ?? 0) + 1);
      if (!shellDialogs.has(root)) reachedByPages.add(moduleId);
      pending.push(...(context.getModuleInfo(moduleId)?.dynamicallyImportedIds ?? []));
    }
    for (const moduleId of staticClosure(context, root, isChartPackage)) {
      reachedWithoutCharts.add(moduleId);
    }
    for (const moduleId of staticClosure(context, root, isDatePackage)) {
      reachedWithoutDates.add(moduleId);
    }
    for (const moduleId of staticClosure(context, root, isTablePackage)) {
      reachedWithoutTable.add(moduleId);
    }
  }
  const chartsOnly = (moduleId: string) =>
    isPackage(moduleId) && (isChartPackage(moduleId) || !reachedWithoutCharts.has(moduleId));
  const datesOnly = (moduleId: string) =>
    isPackage(moduleId) && (isDatePackage(moduleId) || !reachedWithoutDates.has(moduleId));
  const tableOnly = (moduleId: string) =>
    isPackage(moduleId) && (isTablePackage(moduleId) || !reachedWithoutTable.has(moduleId));
  for (const shellId of shellIds) {
    for (const moduleId of staticClosure(context, shellId)) {
      if (!plan.has(moduleId)) plan.set(moduleId, isPackage(moduleId) ? 'vendor-shell' : 'shell');
    }
  }
  for (const dialogId of shellDialogs) {
    for (const moduleId of staticClosure(context, dialogId)) {
      const pagesUseIt = reachedByPages.has(moduleId);
      if (!plan.has(moduleId) && isPackage(moduleId) && !isZod(moduleId) && !pagesUseIt) {
        plan.set(moduleId, 'vendor-dialogs');
      }
    }
  }
  const shared = [...reachedBy].filter(([moduleId, count]) => count > 1 && !plan.has(moduleId));
  for (const [moduleId] of shared) {
    if (!isPackage(moduleId)) continue;
    if (isZod(moduleId)) plan.set(moduleId, 'zod');
    else if (isFormPackage(moduleId)) plan.set(moduleId, 'vendor-forms');
    else if (isFormStatePackage(moduleId)) plan.set(moduleId, 'vendor-form-state');
    else if (chartsOnly(moduleId)) plan.set(moduleId, 'vendor-charts');
    else if (datesOnly(moduleId)) plan.set(moduleId, 'vendor-dates');
    else if (tableOnly(moduleId)) plan.set(moduleId, 'vendor-table');
    else plan.set(moduleId, 'vendor-pages');
  }
  for (const [moduleId] of shared) {
    if (isPackage(moduleId)) continue;
    const closure = [...staticClosure(context, moduleId)];
    // A module that draws a chart goes with the charts even when it also parses with zod: in
    // `schemas` it would make every form that validates load the chart library (115 KB).
    if (closure.some((imported) => plan.get(imported) === 'vendor-charts')) {
      plan.set(moduleId, 'app-charts');
      continue;
    }
    const area = areaOf(moduleId);
    if (area) {
      // What parses with zod apart, so that a page needing the folder's other parts does not
      // load zod with them.
      plan.set(moduleId, closure.some(isZod) ? `${area}-schemas` : area);
      continue;
    }
    if (closure.some(isZod)) {
      plan.set(moduleId, 'schemas');
      continue;
    }
    if (closure.some((imported) => plan.get(imported) === 'vendor-forms')) {
      plan.set(moduleId, 'app-forms');
      continue;
    }
    if (closure.some((imported) => plan.get(imported) === 'vendor-form-state')) {
      plan.set(moduleId, 'app-form-state');
      continue;
    }
    const drawsWith = (chunk: string) => closure.some((imported) => plan.get(imported) === chunk);
    if (drawsWith('vendor-table')) plan.set(moduleId, 'app-table');
    else if (drawsWith('vendor-dates')) plan.set(moduleId, 'app-dates');
    else plan.set(moduleId, drawsWith('vendor-pages') ? 'app-pages' : 'app');
  }
  return plan;
}
