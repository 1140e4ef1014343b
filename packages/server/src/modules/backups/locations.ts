import path from 'node:path';
import type { Config } from '../../config.js';
import { ApiError } from '../../http/api-error.js';

export interface BackupLocation {
  id: string;
  label: string;
  dir: string;
}

/** The backup locations of this server: the data directory's own, then the administrator's. */
export function backupLocations(config: Config): BackupLocation[] {
  return [
    { id: 'default', label: 'Data directory (backups/)', dir: path.join(config.dataDir, 'backups') },
    ...Object.entries(config.backupDirs).map(([id, dir]) => ({ id, label: `${id} (${dir})`, dir })),
  ];
}

/** A location by name, or a 400 naming the ones there are. */
export function locationOf(config: Config, id: string): BackupLocation {
  const all = backupLocations(config);
  const found = all.find((l) => l.id === id);
  if (!found)
    throw ApiError.badRequest(
      `No backup location '${id.slice(0, 100)}'; this server has: ${all.map((l) => l.id).join(', ')}`,
    );
  return found;
}

/** The folder of one app's backups in a location (app ids are uuids; checked anyway). */
export function appFolder(location: BackupLocation, appId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(appId)) throw new Error(`Invalid app id: ${appId}`);
  return path.join(location.dir, appId.toLowerCase());
}
