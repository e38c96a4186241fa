import 'server-only';

import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

import { assertSafeKey, type FileStorage, type StoredObject } from './types';

/** Files in a local folder (development, single-machine deployments). Writes are atomic renames. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(tmp, body);
    await fs.promises.rename(tmp, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.file(key);
    try {
      const stat = await fs.promises.stat(target);
      if (!stat.isFile()) return null;
      const stream = Readable.toWeb(fs.createReadStream(target)) as ReadableStream<Uint8Array>;
      return { body: stream, size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}
