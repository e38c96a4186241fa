import 'server-only';

import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** One file inside a zip archive. */
export interface ZipMember {
  name: string;
  /** Uncompressed size in bytes (progress and ETA are computed on uncompressed bytes). */
  size: number;
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // lazyEntries: read the central directory one entry at a time, on demand;
    // autoClose off: we close explicitly (yauzl keeps the file open until open streams end).
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) reject(err ?? new Error('yauzl returned no zip file'));
      else resolve(zip);
    });
  });
}

/** Walk the central directory; `visit` returns true to stop early. */
function walkEntries(zip: ZipFile, visit: (entry: Entry) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: Entry) => {
      if (visit(entry)) done(null);
      else zip.readEntry();
    };
    const onEnd = () => done(null);
    const onError = (err: Error) => done(err);
    const done = (err: Error | null) => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** The files (not directories) of a zip archive, in archive order. */
export async function listZipMembers(path: string): Promise<ZipMember[]> {
  const zip = await openZip(path);
  try {
    const members: ZipMember[] = [];
    await walkEntries(zip, (entry) => {
      if (!entry.fileName.endsWith('/')) members.push({ name: entry.fileName, size: entry.uncompressedSize });
      return false;
    });
    return members;
  } finally {
    zip.close();
  }
}

/** A stream of the uncompressed bytes of one member. */
export async function openZipMember(path: string, name: string): Promise<Readable> {
  const zip = await openZip(path);
  try {
    let found: Entry | null = null;
    await walkEntries(zip, (entry) => {
      if (entry.fileName === name) found = entry;
      return found !== null;
    });
    const entry = found as Entry | null;
    if (entry === null) throw new Error(`member not found: ${name}`);
    return await new Promise<Readable>((resolve, reject) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) reject(err ?? new Error('yauzl returned no stream'));
        else resolve(stream);
      });
    });
  } finally {
    // Safe while the member stream is open: yauzl reference-counts the file descriptor.
    zip.close();
  }
}
