/** File storage: the driver interface, the local-disk driver and the path rules every driver uses. */
export type { StorageDriver, StorageEntry, StorageEntryType, StorageProvider, StagingArea, WriteOptions } from './storage-driver.js';
export { LocalDiskStorage, LocalDiskDriver, appKey, MAX_WALK_ENTRIES } from './local-disk.js';
export { StorageError, isStorageError, type StorageErrorKind } from './errors.js';
export { TEMP_DIR, checkName, splitEncodedPath, splitUserPath, resolveInside, joinNames } from './paths.js';
