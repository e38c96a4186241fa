import 'server-only';

import { LocalFileStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';
import { serverConfig, type StorageConfig } from '@/config/server';

export type { FileStorage } from './types';

let storage: FileStorage | undefined;

/** The configured file storage: a local folder by default, S3-compatible in production. */
export function getFileStorage(): FileStorage {
  if (storage) return storage;
  storage = fileStorageFor(serverConfig().storage);
  return storage;
}

/** The storage a configuration names (S3-compatible, or a local folder). */
export function fileStorageFor(config: StorageConfig): FileStorage {
  if (config.driver === 'local') return new LocalFileStorage(config.dir);
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = config;
  return new S3Storage({ endpoint, region, bucket, accessKeyId, secretAccessKey });
}
