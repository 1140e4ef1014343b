import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';
import { AppNameSchema } from './apps.js';
import { AppPartSchema, AppPartsSchema } from '../lifecycle.js';

const app = '/:appId/console/backups';

/**
 * When an app is backed up on its own: daily or weekly at an hour (UTC), keeping the newest
 * `retention` scheduled backups (manual ones are kept until deleted). `location` is one of the
 * backup locations the server offers (`locations` of the answer): the data directory's own, or a
 * folder the administrator named in BASALT_BACKUP_DIRS. A developer never types a server path.
 */
export const BackupPolicySchema = Type.Object({
  enabled: Type.Boolean(),
  frequency: Type.Union([Type.Literal('daily'), Type.Literal('weekly')]),
  /** Hour of the day, UTC. */
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  /** Day of the week for weekly backups, 0 = Sunday. */
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  retention: Type.Integer({ minimum: 1, maximum: 100 }),
  location: Type.String({ minLength: 1, maxLength: 100 }),
});
export type BackupPolicy = Static<typeof BackupPolicySchema>;

/** The policy with what the server knows around it. */
export const BackupPolicyAnswerSchema = Type.Composite([
  BackupPolicySchema,
  Type.Object({
    /** The locations a policy may name: `default` and the administrator's folders, by name. */
    locations: Type.Array(Type.Object({ id: Type.String(), label: Type.String() })),
    /** When the next scheduled backup runs (epoch ms), null while disabled. */
    nextRunOn: Type.Union([Type.Null(), Type.Number()]),
  }),
]);
export type BackupPolicyAnswer = Static<typeof BackupPolicyAnswerSchema>;

/** One backup of the app. */
export const BackupSchema = Type.Object({
  backupId: Type.String(),
  kind: Type.Union([Type.Literal('manual'), Type.Literal('scheduled')]),
  status: Type.Union([Type.Literal('IN_PROGRESS'), Type.Literal('DONE'), Type.Literal('FAILED')]),
  parts: Type.Array(AppPartSchema),
  location: Type.String(),
  /** The archive's file name (what a download saves it as). */
  fileName: Type.String(),
  createdOn: Type.Number(),
  size: Type.Union([Type.Null(), Type.Number()]),
  /** Records in the backup, for the list. */
  records: Type.Union([Type.Null(), Type.Number()]),
  note: Type.Union([Type.Null(), Type.String()]),
  error: Type.Union([Type.Null(), Type.String()]),
  /** The lifecycle process that writes it (its progress is in the task tray). */
  processId: Type.String(),
});
export type Backup = Static<typeof BackupSchema>;

export const BackupStartedSchema = Type.Object({ processId: Type.String(), backupId: Type.String() });

/**
 * Restore: into this app (its chosen parts replaced: the confirmation is the app's exact name) or
 * into a new app named `appName` (the original is not touched).
 */
export const RestoreBodySchema = Type.Object({
  target: Type.Union([Type.Literal('same'), Type.Literal('new')]),
  appName: Type.Optional(AppNameSchema),
  confirmation: Type.Optional(Type.String({ maxLength: 200 })),
  parts: Type.Optional(AppPartsSchema),
});
export type RestoreBody = Static<typeof RestoreBodySchema>;

export const RestoreStartedSchema = Type.Object({ processId: Type.String(), appId: Type.String() });

/**
 * Backups of an application (Basalt's own group, beyond the reference client): scheduled and manual
 * snapshots in the app archive format, taken from one moment of the app's data while writes go on;
 * list, download, delete, and restore into the same app or a new one.
 */
export const backupsRoutes = {
  listBackups: defineRoute({
    name: 'backups.listBackups',
    method: 'GET',
    path: app,
    auth: 'developer',
    response: Type.Array(BackupSchema),
    summary: 'The app’s backups, newest first',
  }),
  createBackup: defineRoute({
    name: 'backups.createBackup',
    method: 'POST',
    path: app,
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    body: Type.Optional(
      Type.Object({ parts: Type.Optional(AppPartsSchema), note: Type.Optional(Type.String({ maxLength: 200 })) }),
    ),
    response: BackupStartedSchema,
    summary: 'Starts a backup now; its progress is the lifecycle process `processId`',
  }),
  getBackupPolicy: defineRoute({
    name: 'backups.getBackupPolicy',
    method: 'GET',
    path: `${app}/policy`,
    auth: 'developer',
    response: BackupPolicyAnswerSchema,
  }),
  updateBackupPolicy: defineRoute({
    name: 'backups.updateBackupPolicy',
    method: 'PUT',
    path: `${app}/policy`,
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    body: BackupPolicySchema,
    response: BackupPolicyAnswerSchema,
  }),
  deleteBackup: defineRoute({
    name: 'backups.deleteBackup',
    method: 'DELETE',
    path: `${app}/:backupId`,
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    response: SuccessSchema,
  }),
  downloadBackup: defineRoute({
    name: 'backups.downloadBackup',
    method: 'GET',
    path: `${app}/:backupId/download`,
    auth: 'developer',
    devPermission: DevOperations.EXPORT,
    summary: 'The backup’s archive (a ZIP in the app export format)',
    response: Type.Unknown({ description: 'the backup archive (application/zip)' }),
  }),
  restoreBackup: defineRoute({
    name: 'backups.restoreBackup',
    method: 'POST',
    path: `${app}/:backupId/restore`,
    auth: 'developer',
    devPermission: DevOperations.APP_RESET,
    body: RestoreBodySchema,
    response: RestoreStartedSchema,
    summary: 'Restores the backup into this app (typed confirmation) or into a new app',
  }),
};
