import type { CacheTag } from './cache.js';

/**
 * Builders of the cache tags the groups attach to cached reads; a write with the same tag flushes
 * them. Exported so application code can flush a tag itself (`responseCache.flushTags([...])`).
 */
export const CacheTags = {
  /** Records of one table (record lists and their counts). */
  TABLE_DATA: (tableId: string): CacheTag => `TABLE_DATA-${tableId}`,
  /** Records of one data view. */
  VIEW_DATA: (viewId: string): CacheTag => `VIEW_DATA-${viewId}`,
  /** Grouped records of one data view. */
  VIEW_GROUP_DATA: (viewId: string): CacheTag => `VIEW_GROUP_DATA-${viewId}`,
  /** Listing of one folder of an app's files. */
  FOLDER: (appId: string, folder: string): CacheTag => `FOLDER-${appId}-${folder}`,
  /** Devices registered to one messaging channel. */
  CHANNEL_DEVICES: (channelId: string): CacheTag => `CHANNEL_DEVICES-${channelId}`,
  /** Cloud-code models of an app; without an app id, a RegExp matching those of every app. */
  BL_MODELS: (appId?: string): CacheTag => (appId ? `BL_MODELS-${appId}` : /^BL_MODELS-/),
  /** Cloud-code handler chain of an app; without an app id, a RegExp matching every app's. */
  BL_CHAIN: (appId?: string): CacheTag => (appId ? `BL_CHAIN-${appId}` : /^BL_CHAIN-/),
} as const;
