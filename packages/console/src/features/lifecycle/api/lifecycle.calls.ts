import { getSdk } from '../../../lib/sdk';
import type {
  AppExport,
  AppFromZipStarted,
  CopyPart,
  LifecycleProcess,
  ProcessStarted,
  ResetChoice,
  ZipSource,
} from '../lifecycle-types';

/** The lifecycle calls of the console, one place for the screens and the task tray. */

export function cloneApp(appId: string, appName: string, parts: CopyPart[]): Promise<ProcessStarted> {
  return getSdk().apps.cloneApp(appId, { appName, parts });
}

export function startExport(appId: string, parts: CopyPart[]): Promise<ProcessStarted> {
  return getSdk().transfer.startExport(appId, { parts });
}

export function listExports(appId: string): Promise<AppExport[]> {
  return getSdk().transfer.getExportedData(appId);
}

/** The URL an export's ZIP downloads from (a GET: the session cookie carries the developer's key). */
export function exportDownloadUrl(appId: string, processId: string): string {
  return `/${encodeURIComponent(appId)}/console/export/${encodeURIComponent(processId)}/download`;
}

export function resetApp(appId: string, choice: ResetChoice, confirmation: string): Promise<ProcessStarted> {
  return getSdk().apps.resetApp(appId, { ...choice, confirmation });
}

/** Imports an app ZIP into this app; `replace` lets it overwrite an app that already has tables. */
export function importAppZip(appId: string, source: ZipSource, replace: boolean): Promise<ProcessStarted> {
  const data = 'url' in source ? { url: source.url } : source.file;
  return getSdk().transfer.startImport(appId, data, 'app', replace ? { replace: true } : undefined);
}

/** Creates a new app from an app ZIP; the import runs as a job in the new app. */
export function createAppFromZip(appName: string, source: ZipSource): Promise<AppFromZipStarted> {
  if ('url' in source) return getSdk().apps.createAppFromZipUrl({ appName, url: source.url });
  return getSdk().apps.createAppFromZIP(source.file, appName);
}

export function getProcess(appId: string, processId: string): Promise<LifecycleProcess> {
  return getSdk().lifecycle.getProcess(appId, processId);
}

/** The app's unfinished processes and the last finished ones, newest first. */
export function listProcesses(appId: string): Promise<LifecycleProcess[]> {
  return getSdk().lifecycle.listProcesses(appId);
}
