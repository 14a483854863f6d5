import { Worker } from 'node:worker_threads';
import type { ZipEntry } from './zip';

/**
 * The rows of an XLSX's first sheet, read off the main thread (xlsxRowsWorker.mjs) so that a
 * file that is slow or heavy to read stalls no officer's request: the worker has a memory cap
 * (`resourceLimits`) and a time limit, and is ended when it passes either. It stops reading one
 * row past the upload's limit. The archive's declared sizes are checked before (zip.ts), so a
 * known-hostile file never gets this far; this is the defence against one whose sizes lie.
 * docs/decisions/0030-jobs-and-uploads.md.
 */

export type SheetRow = { lineNumber: number; cells: string[] };

export type XlsxRead =
  | { ok: true; hasSheet: boolean; rows: SheetRow[]; isOverLimit: boolean }
  | { ok: false; reason: 'unreadable' | 'lying' | 'too-heavy' | 'too-slow'; detail: string };

export type XlsxReadLimits = {
  /** Data rows the upload takes; the header is read besides. */
  maxRows: number;
  /** The worker's heap: enough for the rows kept and exceljs's own working set. */
  maxHeapMb: number;
  maxMs: number;
};

const WORKER_URL = new URL('./xlsxRowsWorker.mjs', import.meta.url);

/** `entries`: the archive's directory as zip.ts read and checked it. */
export function readXlsxRows(
  bytes: Buffer,
  entries: readonly ZipEntry[],
  limits: XlsxReadLimits,
): Promise<XlsxRead> {
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (read: XlsxRead) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve(read);
      // The answer is in: whatever the worker still does (the rest of a long sheet) is not wanted.
      void worker.terminate();
    };
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: new Uint8Array(bytes), entries, maxRows: limits.maxRows },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, limits.maxHeapMb),
        stackSizeMb: 4,
      },
      // The worker's own output is not the app's log: its failures come back as messages.
      stdout: true,
      stderr: true,
    });
    worker.unref();
    const timer = setTimeout(
      () =>
        settle({
          ok: false,
          reason: 'too-slow',
          detail: `it could not be read within ${Math.round(limits.maxMs / 1000)} seconds`,
        }),
      limits.maxMs,
    );
    timer.unref();
    worker.on('message', (message: XlsxRead) => settle(message));
    worker.on('error', (error: Error & { code?: string }) => {
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? {
              ok: false,
              reason: 'too-heavy',
              detail: 'it needs more memory to read than a workbook of this upload may',
            }
          : { ok: false, reason: 'unreadable', detail: error.message },
      );
    });
    worker.on('exit', () =>
      settle({ ok: false, reason: 'unreadable', detail: 'the reading stopped without an answer' }),
    );
  });
}
