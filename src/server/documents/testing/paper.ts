import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';

/**
 * A printed document as paper shows it, for the document tests (not a test file itself):
 * every page rasterised by poppler's `pdftoppm` and every word's box read by
 * `pdftotext -bbox` (Debian's poppler-utils; .ci/run installs it). Positions are in PDF points
 * from the page's top-left corner, as the layout was designed.
 */

const run = promisify(execFile);

export type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };
export type PaperPage = { width: number; height: number; words: Word[]; png: PNG };
/** The PNG files pdftoppm wrote, for a person to look at (kept when PAPER_KEEP_DIR is set). */
export type Paper = { pages: PaperPage[]; pngFiles: string[] };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
};

function wordsOf(html: string): Omit<PaperPage, 'png'>[] {
  const pages: Omit<PaperPage, 'png'>[] = [];
  for (const page of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g,
  )) {
    const words = [
      ...(page[3] ?? '').matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((w) => ({
      text: (w[5] ?? '').replace(/&[a-z#0-9]+;/g, (e) => ENTITIES[e] ?? e),
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
    }));
    pages.push({ width: Number(page[1]), height: Number(page[2]), words });
  }
  return pages;
}

/**
 * Reads the PDF's words and, unless `draw` is false, renders its pages at `dpi`; the PNGs go to
 * PAPER_KEEP_DIR when set.
 */
export async function onPaper(
  pdf: Buffer,
  name: string,
  { dpi = 72, draw = true }: { dpi?: number; draw?: boolean } = {},
): Promise<Paper> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'revdesk-paper-'));
  try {
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 32 << 20 });
    if (draw) await run('pdftoppm', ['-r', String(dpi), '-png', file, path.join(dir, name)]);
    const pngNames = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const keep = process.env.PAPER_KEEP_DIR;
    const pngFiles: string[] = [];
    const pngs: PNG[] = [];
    for (const png of pngNames) {
      const bytes = await readFile(path.join(dir, png));
      pngs.push(PNG.sync.read(bytes));
      if (keep) {
        await writeFile(path.join(keep, png), bytes);
        pngFiles.push(path.join(keep, png));
      }
    }
    const pages = wordsOf(stdout).map((page, i) => {
      const png = pngs[i];
      if (draw && !png) throw new Error(`pdftoppm drew no page ${i + 1} of ${name}`);
      return { ...page, png: png ?? new PNG({ width: 1, height: 1 }) };
    });
    return { pages, pngFiles };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The page's text as a reader sees it: line by line from the top (words whose baselines are
 * within 2 points), each line left to right, so a label and its value read together even when
 * the PDF draws a table column by column.
 */
export function textOf(page: Pick<PaperPage, 'words'>): string {
  const byBaseline = [...page.words].sort((a, b) => a.yMax - b.yMax);
  const lines: Word[][] = [];
  for (const word of byBaseline) {
    const line = lines.at(-1);
    if (line && Math.abs((line[0]?.yMax ?? 0) - word.yMax) <= 2) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.xMin - b.xMin)
        .map((w) => w.text)
        .join(' '),
    )
    .join('\n');
}

/** A phrase's box on the page, and the index of the word after it (where a search goes on). */
export type Found = Word & { next: number };

/**
 * The box of the first run of consecutive words that reads `phrase` (after `from`, when given),
 * or null.
 */
export function find(page: Pick<PaperPage, 'words'>, phrase: string, from?: Found): Found | null {
  const wanted = phrase.split(/\s+/);
  for (let i = from?.next ?? 0; i + wanted.length <= page.words.length; i++) {
    const run = page.words.slice(i, i + wanted.length);
    if (run.every((w, k) => w.text === wanted[k])) {
      return {
        text: phrase,
        xMin: Math.min(...run.map((w) => w.xMin)),
        yMin: Math.min(...run.map((w) => w.yMin)),
        xMax: Math.max(...run.map((w) => w.xMax)),
        yMax: Math.max(...run.map((w) => w.yMax)),
        next: i + wanted.length,
      };
    }
  }
  return null;
}

/** Like find, but fails naming the phrase when it is not on the page. */
export function at(page: Pick<PaperPage, 'words'>, phrase: string, from?: Found): Found {
  const found = find(page, phrase, from);
  if (!found) throw new Error(`"${phrase}" is not on the page:\n${textOf(page)}`);
  return found;
}

/**
 * How many pixels in a box (in points) are ink: darker than light grey in any channel. The PNG
 * is at `dpi`; the box is where the layout puts something (a crest, a signature).
 */
export function inkIn(
  page: PaperPage,
  box: { x: number; y: number; width: number; height: number },
  dpi = 72,
): number {
  const scale = dpi / 72;
  let ink = 0;
  const { png } = page;
  for (let y = Math.floor(box.y * scale); y < Math.ceil((box.y + box.height) * scale); y++) {
    for (let x = Math.floor(box.x * scale); x < Math.ceil((box.x + box.width) * scale); x++) {
      if (x < 0 || y < 0 || x >= png.width || y >= png.height) continue;
      const i = (png.width * y + x) * 4;
      if (Math.min(png.data[i] ?? 255, png.data[i + 1] ?? 255, png.data[i + 2] ?? 255) < 200) {
        ink++;
      }
    }
  }
  return ink;
}
