import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * Writes archives shaped like the NTA's downloads (one CSV member, its signature) for the
 * sample-data generators and tests, on yazl (the writing half of the yauzl we read them with).
 * Members stream through, so a 1.2 GB national CSV never sits in memory; yazl switches to zip64
 * by itself past 4 GiB. One member is open at a time because yazl writes members in order.
 */

export interface ZipEntryWriter {
  /** Write bytes; resolves when the member can take more (backpressure). */
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private readonly zip = new ZipFile();
  private readonly done: Promise<void>;
  private open: PassThrough | null = null;

  /** `modified` becomes every member's timestamp (fixed → byte-identical output for a seed). */
  constructor(
    path: string,
    private readonly modified: Date,
  ) {
    const out = createWriteStream(path);
    this.zip.outputStream.pipe(out);
    this.done = finished(out);
  }

  /** Start a member (deflate `level` 0–9; 0 stores); only one member can be open at a time. */
  async begin(name: string, level: number): Promise<ZipEntryWriter> {
    if (this.open !== null) throw new Error('a zip member is still open');
    const member = new PassThrough();
    this.open = member;
    this.zip.addReadStream(member, name, { mtime: this.modified, compress: level > 0, compressionLevel: level, forceDosTimestamp: true });
    return {
      write: async (data) => {
        if (!member.write(data)) await once(member, 'drain');
      },
      end: async () => {
        member.end();
        this.open = null;
      },
    };
  }

  /** A whole member at once. */
  async add(name: string, data: Buffer, level = 9): Promise<void> {
    if (this.open !== null) throw new Error('a zip member is still open');
    this.zip.addBuffer(data, name, { mtime: this.modified, compress: level > 0, compressionLevel: level, forceDosTimestamp: true });
  }

  /** Write the central directory and wait until the file is complete. */
  async close(): Promise<void> {
    if (this.open !== null) throw new Error('a zip member is still open');
    this.zip.end();
    await this.done;
  }
}
