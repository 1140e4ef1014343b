import { Type, type Static } from '@sinclair/typebox';

/**
 * Shapes of an application's lifecycle (clone, export, import, reset, and the backups built on the
 * same archive core): the parts of an app that travel and the one status row of every process.
 */

/** Parts of an application an archive may hold, in the order they are written and read. */
export const AppParts = ['schema', 'data', 'files', 'security', 'users', 'code', 'settings'] as const;
export type AppPart = (typeof AppParts)[number];

export const AppPartSchema = Type.Union(AppParts.map((p) => Type.Literal(p)));
/** A choice of parts; absent means every part. `data` implies `schema`. */
export const AppPartsSchema = Type.Array(AppPartSchema, { maxItems: AppParts.length, uniqueItems: true });

/** Kinds of lifecycle process. */
export const LifecycleKinds = ['clone', 'export', 'import', 'reset', 'backup', 'restore'] as const;
export type LifecycleKind = (typeof LifecycleKinds)[number];

/** Where a process is. */
export const LifecycleStatuses = ['IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type LifecycleStatus = (typeof LifecycleStatuses)[number];

const StatusSchema = Type.Union(LifecycleStatuses.map((s) => Type.Literal(s)));

/** One lifecycle process as the status routes answer it (the console's task tray reads it). */
export const LifecycleProcessSchema = Type.Object({
  processId: Type.String(),
  kind: Type.Union(LifecycleKinds.map((k) => Type.Literal(k))),
  status: StatusSchema,
  /** 0..100, moving with every batch of records and every file. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** What it is doing now (`data: Orders`, `files`...). */
  stage: Type.Optional(Type.String()),
  /** The app a clone or an import into a new app made, once it exists. */
  newAppId: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  /** Where a finished export downloads from (developer auth). */
  downloadUrl: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  createdOn: Type.Number(),
  updatedOn: Type.Number(),
});
export type LifecycleProcess = Static<typeof LifecycleProcessSchema>;

/** The answer of every route that starts a process. */
export const ProcessStartedSchema = Type.Object({ processId: Type.String() });
export type ProcessStarted = Static<typeof ProcessStartedSchema>;

/** Answer of `getCloningAppStatus` (the reference client's shape). */
export const CloneStatusSchema = Type.Object({
  status: StatusSchema,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The clone's id; empty until it exists. */
  newAppId: Type.Union([Type.Null(), Type.String()]),
  error: Type.Optional(Type.String()),
});
export type CloneStatus = Static<typeof CloneStatusSchema>;

/** One export as `transfer.getExportedData` lists it, newest first. */
export const AppExportSchema = Type.Object({
  processId: Type.String(),
  status: StatusSchema,
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  parts: Type.Array(AppPartSchema),
  createdOn: Type.Number(),
  fileName: Type.String(),
  size: Type.Optional(Type.Number()),
  downloadUrl: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export type AppExport = Static<typeof AppExportSchema>;

/** Parts a reset clears: booleans per part and the app's exact name as the typed confirmation. */
export const ResetAppBodySchema = Type.Object({
  data: Type.Optional(Type.Boolean()),
  files: Type.Optional(Type.Boolean()),
  users: Type.Optional(Type.Boolean()),
  logic: Type.Optional(Type.Boolean()),
  settings: Type.Optional(Type.Boolean()),
  confirmation: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ResetAppBody = Static<typeof ResetAppBodySchema>;

/** Most bytes an uploaded or downloaded app archive may have. */
export const APP_ARCHIVE_MAX_BYTES = 2 * 1024 * 1024 * 1024;
