import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { APP_ARCHIVE_MAX_BYTES, ErrorCodes, type AppPart } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import { fetchRemote } from '../../http/remote-fetch.js';
import type { Job } from '../../jobs/index.js';
import { createStorage, type StorageProvider } from '../../storage/index.js';
import { AppsService } from '../apps/index.js';
import { loadAppSchema } from '../data/index.js';
import { FolderSink, FolderSource } from './archive/folder.js';
import { ZipSink } from './archive/zip-sink.js';
import { ZipSource } from './archive/zip-source.js';
import { exportParts, importParts, normalizeParts, readManifest, type CoreContext } from './core/index.js';
import { ProcessesService } from './processes.service.js';
import type { ProcessRow } from './lifecycle.migrations.js';

export const JOB_CLONE = 'lifecycle.clone';
export const JOB_EXPORT = 'lifecycle.export';
export const JOB_IMPORT = 'lifecycle.import';

/** Finished export files kept per app; older ones are removed when a new export finishes. */
const EXPORTS_KEPT = 5;

interface ClonePayload {
  processId: string;
  sourceAppId: string;
  newAppId: string;
  parts: AppPart[];
}
interface ExportPayload {
  processId: string;
  appId: string;
  parts: AppPart[];
}
interface ImportPayload {
  processId: string;
  appId: string;
  zipPath: string;
}

/** Clone, export and import of whole apps as jobs over the archive core (decision 0059). */
export class LifecycleService {
  readonly processes: ProcessesService;
  readonly core: CoreContext;
  private readonly apps: AppsService;
  private readonly workDir: string;

  constructor(
    private readonly ctx: ServerContext,
    storage: StorageProvider = createStorage(ctx.config),
  ) {
    this.processes = new ProcessesService(ctx);
    this.core = { ctx, storage };
    this.apps = new AppsService(ctx);
    this.workDir = path.join(ctx.config.dataDir, 'lifecycle');
  }

  register(): void {
    // at-least-once with two attempts: a process whose server died mid-run is marked failed by
    // the second attempt instead of staying IN_PROGRESS (a clone is not half-repeated).
    const kind = <P extends { processId: string }>(run: (job: Job<P>) => Promise<void>) => ({
      delivery: 'at-least-once' as const,
      leaseMs: 60_000,
      maxAttempts: 2,
      run: async (job: Job<P>) => {
        if (job.attempts > 1) {
          await this.processes.failed(job.payload.processId, 'Interrupted by a server restart; start it again');
          return;
        }
        await run(job);
      },
    });
    this.ctx.jobs.register<ClonePayload>(
      JOB_CLONE,
      kind((job) => this.runClone(job.payload)),
    );
    this.ctx.jobs.register<ExportPayload>(
      JOB_EXPORT,
      kind((job) => this.runExport(job.payload)),
    );
    this.ctx.jobs.register<ImportPayload>(
      JOB_IMPORT,
      kind((job) => this.runImport(job.payload)),
    );
  }

  private async dir(...names: string[]): Promise<string> {
    const dir = path.join(this.workDir, ...names);
    await fsp.mkdir(dir, { recursive: true });
    return dir;
  }

  // ---- clone -------------------------------------------------------------------------------

  /** Makes the new app now (its name is checked at once) and copies into it in a job. */
  async startClone(sourceAppId: string, developerId: string, appName: string, parts?: AppPart[]): Promise<ProcessRow> {
    const chosen = normalizeParts(parts);
    const created = await this.apps.create(developerId, appName);
    const row = await this.processes.create(sourceAppId, 'clone', { parts: chosen, developerId, newAppId: created.id });
    await this.ctx.jobs.add({
      kind: JOB_CLONE,
      appId: sourceAppId,
      payload: { processId: row.id, sourceAppId, newAppId: created.id, parts: chosen } satisfies ClonePayload,
      runAt: Date.now(),
    });
    return row;
  }

  /** Export into a temporary folder, import from it: the same part code as a ZIP export/import. */
  private async runClone(p: ClonePayload): Promise<void> {
    const folder = path.join(await this.dir('clones'), p.processId);
    const sink = new FolderSink(folder);
    try {
      const exporting = this.processes.tracker(p.processId, 0, 50);
      await exportParts(this.core, p.sourceAppId, p.parts, sink, exporting.report);
      await exporting.flush();
      const importing = this.processes.tracker(p.processId, 50, 100);
      await importParts(this.core, p.newAppId, await FolderSource.open(folder), p.parts, importing.report);
      await importing.flush();
      await this.processes.done(p.processId);
    } catch (err) {
      this.ctx.log.error({ err, processId: p.processId }, 'Cloning an app failed');
      await this.apps.delete(p.newAppId).catch(() => undefined);
      await this.processes.failed(p.processId, err, { new_app_id: null });
    } finally {
      await sink.abort();
    }
  }

  // ---- export ------------------------------------------------------------------------------

  async startExport(appId: string, appName: string, developerId: string, parts?: AppPart[]): Promise<ProcessRow> {
    const chosen = normalizeParts(parts);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const fileName = `${appName.replace(/[^A-Za-z0-9_.-]+/g, '_')}-${stamp}.zip`;
    const row = await this.processes.create(appId, 'export', { parts: chosen, developerId, fileName });
    await this.ctx.jobs.add({
      kind: JOB_EXPORT,
      appId,
      payload: { processId: row.id, appId, parts: chosen } satisfies ExportPayload,
      runAt: Date.now(),
    });
    return row;
  }

  private async runExport(p: ExportPayload): Promise<void> {
    const filePath = path.join(await this.dir('exports', p.appId), `${p.processId}.zip`);
    const sink = new ZipSink(filePath);
    try {
      const row = await this.processes.get(p.appId, p.processId);
      const tracker = this.processes.tracker(p.processId);
      const appName = row.file_name?.replace(/-\d{4}(-\d\d){5}\.zip$/, '') ?? '';
      await exportParts(this.core, p.appId, p.parts, sink, tracker.report, appName);
      await sink.finish();
      await tracker.flush();
      await this.processes.done(p.processId, { file_path: filePath, size: sink.bytes });
      await this.dropStaleExports(p.appId);
    } catch (err) {
      this.ctx.log.error({ err, processId: p.processId }, 'Exporting an app failed');
      await sink.abort();
      await this.processes.failed(p.processId, err);
    }
  }

  private async dropStaleExports(appId: string): Promise<void> {
    for (const old of await this.processes.repo.staleExports(appId, EXPORTS_KEPT)) {
      if (old.file_path) await fsp.rm(old.file_path, { force: true });
      await this.processes.repo.update(old.id, { file_path: null });
    }
  }

  /** The ZIP of a finished export, as a stream. */
  async openExport(appId: string, processId: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const row = await this.processes.get(appId, processId);
    if (row.kind !== 'export') throw ApiError.notFound(`Process '${processId}' is not an export`);
    if (row.status !== 'DONE' || !row.file_path)
      throw ApiError.notFound(
        row.status === 'IN_PROGRESS' ? 'The export is not finished yet' : 'The export has no file',
      );
    const stat = await fsp.stat(row.file_path).catch(() => undefined);
    if (!stat) throw ApiError.notFound('The export file is no longer kept');
    return { stream: fs.createReadStream(row.file_path), fileName: row.file_name ?? `${row.id}.zip`, size: stat.size };
  }

  // ---- import ------------------------------------------------------------------------------

  /** Stores an uploaded or downloaded ZIP, then checks the whole archive and its manifest; nothing else is written. */
  async receive(body: Readable): Promise<string> {
    const zipPath = path.join(await this.dir('uploads'), `${newId()}.zip`);
    let bytes = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > APP_ARCHIVE_MAX_BYTES)
          return done(ApiError.tooLarge(`An app archive may have at most ${APP_ARCHIVE_MAX_BYTES} bytes`));
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, cap, fs.createWriteStream(zipPath));
      if (bytes === 0)
        throw new ApiError(ErrorCodes.NOT_AN_APP_EXPORT, 'The ZIP is not an app export: the body is empty');
      const source = await ZipSource.open(zipPath);
      await readManifest(source);
      return zipPath;
    } catch (err) {
      await fsp.rm(zipPath, { force: true });
      throw err;
    }
  }

  /** Removes a received ZIP that will not be imported. */
  async discard(zipPath: string): Promise<void> {
    await fsp.rm(zipPath, { force: true });
  }

  /** Downloads a ZIP through the server's outbound guard (public addresses only unless configured). */
  async receiveUrl(url: string): Promise<string> {
    const remote = await fetchRemote(url, {
      maxBytes: APP_ARCHIVE_MAX_BYTES,
      allowPrivate: this.ctx.config.remoteFetchPrivate,
      timeoutMs: 10 * 60_000,
    });
    return this.receive(remote.stream);
  }

  /** True when the app has tables of its own (an import would replace them). */
  async hasTables(appId: string): Promise<boolean> {
    const schema = await loadAppSchema(this.ctx.dbs.app(appId));
    return schema.tables.some((t) => !t.system);
  }

  async startImport(appId: string, developerId: string, zipPath: string): Promise<ProcessRow> {
    const manifest = await readManifest(await ZipSource.open(zipPath));
    const row = await this.processes.create(appId, 'import', { parts: manifest.parts, developerId });
    await this.ctx.jobs.add({
      kind: JOB_IMPORT,
      appId,
      payload: { processId: row.id, appId, zipPath } satisfies ImportPayload,
      runAt: Date.now(),
    });
    return row;
  }

  /** An import into an existing app, from a ZIP body or a URL; an app with tables needs `replace`. */
  async importIntoApp(
    appId: string,
    developerId: string,
    from: Readable | string,
    replace: boolean,
  ): Promise<{ processId: string }> {
    const zipPath = typeof from === 'string' ? await this.receiveUrl(from) : await this.receive(from);
    try {
      if (!replace && (await this.hasTables(appId)))
        throw ApiError.conflict('The application already has tables: import with replace=true to replace them');
      return { processId: (await this.startImport(appId, developerId, zipPath)).id };
    } catch (err) {
      await fsp.rm(zipPath, { force: true });
      throw err;
    }
  }

  /** A new app from a received ZIP; the import's process is the new app's. */
  async startImportAsNewApp(developerId: string, appName: string, zipPath: string) {
    let appId: string | undefined;
    try {
      appId = (await this.apps.create(developerId, appName)).id;
      const row = await this.startImport(appId, developerId, zipPath);
      return { processId: row.id, appId };
    } catch (err) {
      if (appId) await this.apps.delete(appId).catch(() => undefined);
      await fsp.rm(zipPath, { force: true });
      throw err;
    }
  }

  private async runImport(p: ImportPayload): Promise<void> {
    try {
      const tracker = this.processes.tracker(p.processId);
      await importParts(this.core, p.appId, await ZipSource.open(p.zipPath), undefined, tracker.report);
      await tracker.flush();
      await this.processes.done(p.processId);
    } catch (err) {
      this.ctx.log.error({ err, processId: p.processId }, 'Importing an app failed');
      await this.processes.failed(p.processId, err);
    } finally {
      await fsp.rm(p.zipPath, { force: true });
    }
  }
}
