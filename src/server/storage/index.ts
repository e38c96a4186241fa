import 'server-only';

import { getEnv } from '@/config/env';

import { LocalFileStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage } from './types';

let storage: FileStorage | undefined;

/** The configured file storage: a local folder by default, S3-compatible in production. */
export function getFileStorage(): FileStorage {
  if (storage) return storage;
  const env = getEnv();
  storage =
    env.STORAGE_DRIVER === 's3'
      ? new S3Storage({
          endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET ?? '',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        })
      : new LocalFileStorage(env.paths.storage);
  return storage;
}
