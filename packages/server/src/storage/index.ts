/** File storage: the driver interface, the local-disk driver and the path rules every driver uses. */
export type {
  StorageDriver,
  StorageEntry,
  StorageEntryType,
  StorageProvider,
  StagingArea,
  WriteOptions,
} from './storage-driver.js';
export { LocalDiskStorage, LocalDiskDriver, appKey, MAX_WALK_ENTRIES } from './local-disk.js';
export { StorageError, isStorageError, type StorageErrorKind } from './errors.js';
export { TEMP_DIR, checkName, splitEncodedPath, splitUserPath, resolveInside, joinNames } from './paths.js';
export { S3Storage, S3Driver, type S3Settings } from './s3.js';

import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';
import type { StorageProvider } from './storage-driver.js';

/** The configured file storage: the local disk, or an S3-compatible bucket shared by every server. */
export function createStorage(config: Pick<Config, 'storage' | 's3' | 'dataDir'>): StorageProvider {
  if (config.storage === 's3' && config.s3) return new S3Storage(config.s3);
  return new LocalDiskStorage(config.dataDir);
}
