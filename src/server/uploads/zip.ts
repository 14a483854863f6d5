/**
 * What an XLSX (a zip) says about itself, read from its central directory before anything is
 * inflated: each entry's name and its declared compressed and uncompressed sizes. A hostile
 * file is refused on these numbers alone — a zip bomb declares hundreds of megabytes for a few
 * kilobytes, a sheet with one 400 MB cell declares 400 MB — so parsing never starts on it
 * (docs/decisions/0030-jobs-and-uploads.md). The parse itself still runs in a worker thread
 * with a memory cap (xlsxRows.ts), since declared sizes can lie.
 *
 * The format is PKWARE's APPNOTE.TXT §4.3.12 (central directory header) and §4.3.16 (end of
 * central directory record). ZIP64 is refused: an upload of a few megabytes never needs it.
 */

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated: the only two a spreadsheet program writes. */
  method: number;
  compressedBytes: number;
  uncompressedBytes: number;
  /** Where the entry's local header starts (its data follows the header). */
  localHeaderOffset: number;
};

export type ZipLimits = {
  /** Entries in the archive: an XLSX from Excel or LibreOffice holds about a dozen. */
  maxEntries: number;
  /** Declared uncompressed size of any one entry (a sheet, the shared strings). */
  maxEntryBytes: number;
  /** Declared uncompressed size of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed of an entry over 1 MB: real sheets deflate 5–20×, bombs 1,000×. */
  maxRatio: number;
};

/** Why an archive is refused, in words for the officer (the caller names the file). */
export type ZipRefusal = {
  reason: 'not-zip' | 'too-many-entries' | 'too-large' | 'ratio';
  detail: string;
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN_BYTES = 22;
/** The EOCD record ends the file, after a comment of at most 65,535 bytes. */
const EOCD_SEARCH_BYTES = EOCD_MIN_BYTES + 0xffff;
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_SEARCH_BYTES);
  for (let at = bytes.length - EOCD_MIN_BYTES; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** The entries as the central directory declares them, or why the archive cannot be used. */
export function readZipDirectory(bytes: Buffer): ZipEntry[] | ZipRefusal {
  const notZip = (detail: string): ZipRefusal => ({ reason: 'not-zip', detail });
  if (bytes.length < EOCD_MIN_BYTES) return notZip('it is too short to be a workbook');
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return notZip('it is not a zip archive, as an .xlsx workbook is');
  const entryCount = bytes.readUInt16LE(eocd + 10);
  const directoryBytes = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    return notZip(
      'it is a ZIP64 archive, which no spreadsheet program writes for a file this size',
    );
  }
  if (directoryOffset + directoryBytes > eocd) return notZip('its zip directory is damaged');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      return notZip('its zip directory is damaged');
    }
    const compressedBytes = bytes.readUInt32LE(at + 20);
    const uncompressedBytes = bytes.readUInt32LE(at + 24);
    const nameBytes = bytes.readUInt16LE(at + 28);
    const extraBytes = bytes.readUInt16LE(at + 30);
    const commentBytes = bytes.readUInt16LE(at + 32);
    const method = bytes.readUInt16LE(at + 10);
    const localHeaderOffset = bytes.readUInt32LE(at + 42);
    if (compressedBytes === 0xffffffff || uncompressedBytes === 0xffffffff) {
      return notZip(
        'it is a ZIP64 archive, which no spreadsheet program writes for a file this size',
      );
    }
    const name = bytes.toString('utf8', at + 46, at + 46 + nameBytes);
    if (method !== 0 && method !== 8)
      return notZip(`its part ${name} is packed in a way no spreadsheet uses`);
    entries.push({ name, method, compressedBytes, uncompressedBytes, localHeaderOffset });
    at += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}

/** The archive's entries if they are within the limits, or why not. */
export function checkZip(bytes: Buffer, limits: ZipLimits): ZipEntry[] | ZipRefusal {
  const entries = readZipDirectory(bytes);
  if (!Array.isArray(entries)) return entries;
  if (entries.length > limits.maxEntries) {
    return {
      reason: 'too-many-entries',
      detail: `it holds ${entries.length.toLocaleString('en-US')} parts, more than a workbook has (at most ${limits.maxEntries})`,
    };
  }
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedBytes;
    const ratio = entry.uncompressedBytes / Math.max(1, entry.compressedBytes);
    if (entry.uncompressedBytes > RATIO_CHECKED_FROM_BYTES && ratio > limits.maxRatio) {
      return {
        reason: 'ratio',
        detail: `its part ${entry.name} unpacks ${Math.round(ratio).toLocaleString('en-US')} times larger than it is packed, as no spreadsheet does (a "zip bomb")`,
      };
    }
    if (entry.uncompressedBytes > limits.maxEntryBytes) {
      return {
        reason: 'too-large',
        detail: `its part ${entry.name} unpacks to ${mb(entry.uncompressedBytes)}, more than the ${mb(limits.maxEntryBytes)} a file of this upload may hold`,
      };
    }
  }
  if (total > limits.maxTotalBytes) {
    return {
      reason: 'too-large',
      detail: `it unpacks to ${mb(total)}, more than the ${mb(limits.maxTotalBytes)} a file of this upload may hold`,
    };
  }
  return entries;
}
