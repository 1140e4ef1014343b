import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { LifecycleService } from './lifecycle.service.js';
import { ResetService } from './reset.service.js';
import { lifecycleMigrations } from './lifecycle.migrations.js';
import { acceptZipStreams, registerLifecycleRoutes, zipBody } from './lifecycle.routes.js';

/** The app archive core: parts of an app to and from archives (see core/index.ts for its API). */
export {
  exportParts,
  importParts,
  forgetApp,
  normalizeParts,
  readManifest,
  type CoreContext,
  type Manifest,
  type OnProgress,
  type ProgressReport,
  type StoreReader,
} from './core/index.js';
export type { ArchiveSink, ArchiveSource, LineWriter } from './archive/archive.js';
export { FolderSink, FolderSource } from './archive/folder.js';
export { ZipSink } from './archive/zip-sink.js';
export { ZipSource, DEFAULT_ZIP_LIMITS, type ZipLimits } from './archive/zip-source.js';
export { ProcessesService, processToWire } from './processes.service.js';

const services = new WeakMap<ServerContext, LifecycleService>();

/**
 * Import of an app ZIP into an existing app for `transfer.startImport` type `app`: the transfer
 * module's route hands the body here. `stash` holds the raw ZIP streams of its scope.
 */
export const appImport = {
  acceptZipStreams,
  start(
    ctx: ServerContext,
    req: FastifyRequest,
    stash: WeakMap<FastifyRequest, Readable>,
    opts: { appId: string; developerId: string; url?: string; replace: boolean },
  ): Promise<{ processId: string }> {
    const service = services.get(ctx);
    if (!service) throw new Error('The lifecycle module is not registered');
    return service.importIntoApp(opts.appId, opts.developerId, opts.url ?? zipBody(stash.get(req)), opts.replace);
  },
};

/**
 * App lifecycle (decision 0059): clone, export and import of whole apps as jobs on the archive
 * core, reset of chosen parts, and the status of every lifecycle process.
 */
export const lifecycleModule: ServerModule = {
  name: 'lifecycle',
  systemMigrations: lifecycleMigrations,
  async register(app: FastifyInstance, ctx: ServerContext) {
    const service = new LifecycleService(ctx);
    service.register();
    services.set(ctx, service);
    await registerLifecycleRoutes(app, ctx, service, new ResetService(service.core, service.processes));
  },
};
