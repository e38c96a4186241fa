import 'server-only';

import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

  async putFile(key: string, filePath: string): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline(fs.createReadStream(filePath), fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, target);
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  async list(prefix: string): Promise<string[]> {
    // The folder the prefix names (or lies in); keys are the paths under the root, with '/'.
    const dir = prefix.endsWith('/') ? prefix.slice(0, -1) : path.posix.dirname(prefix);
    if (dir !== '.' && dir !== '') assertSafeKey(dir);
    const start = dir === '.' || dir === '' ? this.root : path.join(this.root, dir);
    let entries: string[];
    try {
      entries = (await fs.promises.readdir(start, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries.filter((key) => key.startsWith(prefix));
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
