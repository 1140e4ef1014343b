import { AppParts, type AppPart } from '@basalt/shared';

/**
 * Shapes of the app lifecycle (clone, export, import, reset) in the console's words; the server's
 * own types come from the shared contract.
 */
export type {
  AppExport,
  LifecycleKind as ProcessKind,
  LifecycleProcess,
  LifecycleStatus as ProcessStatus,
  NewAppProcess as AppFromZipStarted,
  ProcessStarted,
} from '@basalt/shared';

/** Parts a clone or an export can carry; `schema` is implied by `data`. */
export const COPY_PARTS = AppParts;
export type CopyPart = AppPart;

/** Parts a reset can clear. */
export const RESET_PARTS = ['data', 'files', 'users', 'logic', 'settings'] as const;
export type ResetPart = (typeof RESET_PARTS)[number];

export type ResetChoice = Record<ResetPart, boolean>;

/** Where an app ZIP comes from: a file picked on this computer or a URL the server fetches. */
export type ZipSource = { file: File } | { url: string };
