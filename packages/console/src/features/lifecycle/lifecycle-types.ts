/**
 * Shapes of the app lifecycle routes (clone, export, import, reset), as the server answers them.
 * Kept here while the SDK's methods answer `unknown`; one place to swap for the SDK's own types.
 */

/** Parts a clone or an export can carry; `schema` is implied by `data`. */
export const COPY_PARTS = ['schema', 'data', 'files', 'security', 'users', 'code', 'settings'] as const;
export type CopyPart = (typeof COPY_PARTS)[number];

/** Parts a reset can clear. */
export const RESET_PARTS = ['data', 'files', 'users', 'logic', 'settings'] as const;
export type ResetPart = (typeof RESET_PARTS)[number];

export type ProcessKind = 'clone' | 'export' | 'import' | 'reset' | 'backup' | 'restore';
export type ProcessStatus = 'IN_PROGRESS' | 'DONE' | 'FAILED';

/** One lifecycle process, the same shape for every kind. */
export interface LifecycleProcess {
  processId: string;
  kind: ProcessKind;
  status: ProcessStatus;
  /** 0..100 */
  progress: number;
  stage?: string;
  newAppId?: string | null;
  downloadUrl?: string;
  error?: string;
  createdOn: number;
  updatedOn: number;
}

/** One export of the app, newest first in the list. */
export interface AppExport {
  processId: string;
  status: ProcessStatus;
  progress: number;
  parts: CopyPart[];
  createdOn: number;
  fileName: string;
  size?: number;
  downloadUrl?: string;
  error?: string;
}

/** What starting a process answers. */
export interface ProcessStarted {
  processId: string;
}

/** What creating an app from a ZIP answers: the import runs as a job in the new app. */
export interface AppFromZipStarted extends ProcessStarted {
  appId: string;
}

export type ResetChoice = Record<ResetPart, boolean>;

/** Where an app ZIP comes from: a file picked on this computer or a URL the server fetches. */
export type ZipSource = { file: File } | { url: string };
