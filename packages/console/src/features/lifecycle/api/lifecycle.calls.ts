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

/**
 * The lifecycle calls with the answers typed to the shapes the server promises. Where the SDK has
 * the method it is used (its answer is `unknown` until the routes are built); the processes list,
 * one process's status and the raw ZIP uploads go through the SDK client's transport.
 */
const app = (appId: string) => `/${encodeURIComponent(appId)}/console`;

export function cloneApp(appId: string, appName: string, parts: CopyPart[]): Promise<ProcessStarted> {
  return getSdk().apps.cloneApp(appId, { appName, parts } as never) as Promise<ProcessStarted>;
}

export function startExport(appId: string, parts: CopyPart[]): Promise<ProcessStarted> {
  return getSdk().transfer.startExport(appId, { parts }) as Promise<ProcessStarted>;
}

export function listExports(appId: string): Promise<AppExport[]> {
  return getSdk().transfer.getExportedData(appId) as Promise<AppExport[]>;
}

/** The URL an export's ZIP downloads from (a GET: the session cookie carries the developer's key). */
export function exportDownloadUrl(appId: string, processId: string): string {
  return `${app(appId)}/export/${encodeURIComponent(processId)}/download`;
}

export function resetApp(appId: string, choice: ResetChoice, confirmation: string): Promise<ProcessStarted> {
  return getSdk().apps.resetApp(appId, { ...choice, confirmation }) as Promise<ProcessStarted>;
}

/** Imports an app ZIP into this app; `replace` lets it overwrite an app that already has tables. */
export function importAppZip(appId: string, source: ZipSource, replace: boolean): Promise<ProcessStarted> {
  const query = replace ? { replace: 'true' } : undefined;
  const path = `${app(appId)}/import/app`;
  if ('url' in source) return getSdk().request.post(path, { url: source.url }, { query });
  return getSdk().request.post(path, source.file, { contentType: 'application/zip', query });
}

/** Creates a new app from an app ZIP; the import runs as a job in the new app. */
export function createAppFromZip(appName: string, source: ZipSource): Promise<AppFromZipStarted> {
  if ('url' in source) {
    return getSdk().apps.createAppFromZipUrl({ appName, url: source.url }) as Promise<AppFromZipStarted>;
  }
  return getSdk().request.post('/console/applications/from-zip', source.file, {
    contentType: 'application/zip',
    query: { appName },
  });
}

export function getProcess(appId: string, processId: string): Promise<LifecycleProcess> {
  return getSdk().request.get(`${app(appId)}/lifecycle/processes/${encodeURIComponent(processId)}`);
}

/** The app's unfinished processes and the last finished ones, newest first. */
export function listProcesses(appId: string): Promise<LifecycleProcess[]> {
  return getSdk().request.get(`${app(appId)}/lifecycle/processes`);
}
