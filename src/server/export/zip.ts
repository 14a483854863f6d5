import { pipeline, Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip written as it is read (PKWARE APPNOTE 6.3.x, no Zip64): what an XLSX is
 * (docs/decisions/0029-one-export-path.md). A small entry is given whole and deflated at once;
 * a big one is an async source of chunks, deflated as the reader takes the bytes, its CRC and
 * sizes in a data descriptor after it (general-purpose flag bit 3). Nothing is read from a
 * source before the reader asks for more: the answer is a pull stream (`Readable.from`), the
 * deflate between them a piped zlib stream, each holding at most its high-water mark.
 */
export type ZipEntry = {
  /** The entry's path inside the zip, with forward slashes. */
  name: string;
  data: string | Buffer | AsyncIterable<string | Buffer>;
};

/** The most a zip without Zip64 records: a size or an offset is four bytes. */
const ZIP32_MAX = 0xffff_ffff;
const ENTRIES_MAX = 0xffff;

/** Deflate's buffers between the source and the reader. */
const DEFLATE_CHUNK = 16 * 1024;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
const DEFLATE = 8;

type Written = {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
};

/** MS-DOS date and time, from the UTC fields of `at` (the caller passes the wall clock it means). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function tooBig(what: string): Error {
  return new Error(`zip: ${what} is past 4 GiB, which a zip without Zip64 cannot record`);
}

function localHeader(entry: Omit<Written, 'offset'>, stamp: { time: number; date: number }) {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // With a data descriptor these are zero here and given after the data.
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written, stamp: { time: number; date: number }) {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4); // made by: MS-DOS, 2.0
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number, internal and external attributes: none.
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(entries: number, size: number, offset: number) {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

const bytesOf = (chunk: string | Buffer) =>
  typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;

async function* zipBytes(
  entries: readonly ZipEntry[],
  stamp: { time: number; date: number },
  level: number,
): AsyncGenerator<Buffer> {
  if (entries.length > ENTRIES_MAX) throw new Error('zip: more than 65,535 entries');
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // A name outside ASCII takes more bytes than characters; flag bit 11 says it is UTF-8.
    const utf8 = name.length !== entry.name.length ? FLAG_UTF8_NAME : 0;
    if (typeof entry.data === 'string' || Buffer.isBuffer(entry.data)) {
      const raw = bytesOf(entry.data);
      const deflated = deflateRawSync(raw, { level });
      const done = {
        name,
        flags: utf8,
        crc: crc32(raw),
        compressed: deflated.length,
        size: raw.length,
        offset,
      };
      const header = localHeader(done, stamp);
      yield header;
      yield deflated;
      offset += header.length + deflated.length;
      written.push(done);
    } else {
      const flags = utf8 | FLAG_DATA_DESCRIPTOR;
      const header = localHeader({ name, flags, crc: 0, compressed: 0, size: 0 }, stamp);
      yield header;
      const done = { name, flags, crc: 0, compressed: 0, size: 0, offset };
      offset += header.length;
      const source = entry.data;
      // The source's bytes counted and checksummed as deflate takes them.
      async function* measured() {
        for await (const chunk of source) {
          const bytes = bytesOf(chunk);
          done.crc = crc32(bytes, done.crc);
          done.size += bytes.length;
          if (done.size > ZIP32_MAX) throw tooBig(entry.name);
          yield bytes;
        }
      }
      const deflate = createDeflateRaw({ level, chunkSize: DEFLATE_CHUNK });
      // pipeline waits for deflate to take each chunk, and a source that throws destroys
      // deflate with its error, which the loop below then throws: the zip breaks, it does not
      // end as a short file that looks whole. A reader that goes away ends the loop, which
      // destroys deflate, which ends the source.
      pipeline(Readable.from(measured(), { objectMode: false }), deflate, () => {});
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        done.compressed += chunk.length;
        yield chunk;
      }
      offset += done.compressed;
      if (offset > ZIP32_MAX) throw tooBig('the archive');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(done.crc, 4);
      descriptor.writeUInt32LE(done.compressed, 8);
      descriptor.writeUInt32LE(done.size, 12);
      yield descriptor;
      offset += descriptor.length;
      written.push(done);
    }
    if (offset > ZIP32_MAX) throw tooBig('the archive');
  }
  const directory = Buffer.concat(written.map((entry) => centralHeader(entry, stamp)));
  yield directory;
  yield endOfCentralDirectory(written.length, directory.length, offset);
}

/**
 * The zip of `entries`, in order, as a byte stream that reads each source only as fast as it
 * is itself read. `modified` is written as the entries' time by its UTC fields.
 */
export function zipStream(
  entries: readonly ZipEntry[],
  options: { modified?: Date; level?: number } = {},
): Readable {
  const stamp = dosDateTime(options.modified ?? new Date());
  return Readable.from(zipBytes(entries, stamp, options.level ?? 6), { objectMode: false });
}
