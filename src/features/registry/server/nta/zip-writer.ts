import 'server-only';

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Minimal streaming zip writer (PKWARE APPNOTE 6.3: local headers with data descriptors, central
 * directory, end record), enough to write archives shaped like the NTA's downloads for the
 * sample-data generator. No zip64: members and archives stay below 4 GiB (the national CSV is
 * about 1.2 GB). Deflate runs on libuv's thread pool, in parallel with row generation.
 */

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
}

const LIMIT = 0xffffffff;

export interface ZipEntryWriter {
  /** Write bytes; resolves when the stream can take more (backpressure). */
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private busy = false;
  private readonly dosTime: number;
  private readonly dosDate: number;

  /** `modified` becomes every member's timestamp (fixed → byte-identical output for a seed). */
  constructor(path: string, modified: Date) {
    this.out = createWriteStream(path);
    this.dosTime = (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | (modified.getUTCSeconds() >> 1);
    this.dosDate = ((modified.getUTCFullYear() - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate();
  }

  private async raw(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  /** Start a member; only one member can be open at a time. */
  async begin(name: string, level: number): Promise<ZipEntryWriter> {
    if (this.busy) throw new Error('a zip member is still open');
    this.busy = true;
    const nameBuf = Buffer.from(name, 'utf8');
    const entry: CentralEntry = {
      name: nameBuf,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
      dosTime: this.dosTime,
      dosDate: this.dosDate,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0808, 6); // bit 3: sizes in the data descriptor; bit 11: UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(entry.dosTime, 10);
    header.writeUInt16LE(entry.dosDate, 12);
    header.writeUInt16LE(nameBuf.length, 26);
    await this.raw(Buffer.concat([header, nameBuf]));

    const deflate = createDeflateRaw({ level, memLevel: 9 });
    deflate.on('data', (c: Buffer) => {
      entry.compressed += c.length;
      this.offset += c.length;
      if (!this.out.write(c)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');

    return {
      write: async (data: Buffer) => {
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await ended;
        if (entry.size > LIMIT || entry.compressed > LIMIT || this.offset > LIMIT) {
          throw new RangeError('zip member over 4 GiB: zip64 is not supported');
        }
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.raw(descriptor);
        this.entries.push(entry);
        this.busy = false;
      },
    };
  }

  async add(name: string, data: Buffer, level = 9): Promise<void> {
    const w = await this.begin(name, level);
    await w.write(data);
    await w.end();
  }

  async close(): Promise<void> {
    if (this.busy) throw new Error('a zip member is still open');
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(e.dosTime, 12);
      h.writeUInt16LE(e.dosDate, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: regular file, rw-r--r--
      h.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    this.out.end();
    await once(this.out, 'finish');
  }
}
