import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.backups;

/**
 * Backups of an application (Basalt's own group, not in the reference client): scheduled and manual
 * archives of the app, download, delete, and restore into the same app or a new one.
 */
export function createBackupsGroup({ request }: GroupContext) {
  return {
    /** The app's backups, newest first. */
    listBackups(appId: string): Promise<ResponseOf<typeof r.listBackups>> {
      return request.route(r.listBackups, [appId]);
    },

    /** Starts a backup now: `{processId, backupId}`; follow the process for its progress. */
    createBackup(
      appId: string,
      options: BodyOf<typeof r.createBackup> = {},
    ): Promise<ResponseOf<typeof r.createBackup>> {
      return request.route(r.createBackup, [appId], { body: options ?? {} });
    },

    /** The schedule (daily or weekly, hour, retention, location) and the locations offered. */
    getBackupPolicy(appId: string): Promise<ResponseOf<typeof r.getBackupPolicy>> {
      return request.route(r.getBackupPolicy, [appId]);
    },

    /** Saves the schedule; answers it with the next run. */
    updateBackupPolicy(
      appId: string,
      policy: BodyOf<typeof r.updateBackupPolicy>,
    ): Promise<ResponseOf<typeof r.updateBackupPolicy>> {
      return request.route(r.updateBackupPolicy, [appId], { body: policy });
    },

    /** Deletes a finished backup and its file. */
    deleteBackup(appId: string, backupId: string): Promise<ResponseOf<typeof r.deleteBackup>> {
      return request.route(r.deleteBackup, [appId, backupId]);
    },

    /** The backup's archive as a Blob (a ZIP in the app export format). */
    downloadBackup(appId: string, backupId: string): Promise<Blob> {
      return request.send<Blob>({ ...request.routeSpec(r.downloadBackup, [appId, backupId]), responseType: 'blob' });
    },

    /** Restores into this app (`{target: 'same', confirmation: <app name>}`) or a new one (`{target: 'new', appName}`). */
    restoreBackup(
      appId: string,
      backupId: string,
      restore: BodyOf<typeof r.restoreBackup>,
    ): Promise<ResponseOf<typeof r.restoreBackup>> {
      return request.route(r.restoreBackup, [appId, backupId], { body: restore });
    },
  };
}
