import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { APP_ARCHIVE_MAX_BYTES, AppNameSchema, Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { handle } from '../../http/route.js';
import type { LifecycleService } from './lifecycle.service.js';
import { exportToWire, processToWire } from './processes.service.js';
import type { ResetService } from './reset.service.js';

const apps = Routes.apps;
const transfer = Routes.transfer;
const lifecycle = Routes.lifecycle;

/** Content types a ZIP may be sent as; the body reaches the handler as a stream. */
export const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** The request body as a stream, or a 400 saying how to send it. */
export function zipBody(body: unknown): Readable {
  if (!body || typeof (body as Readable).pipe !== 'function')
    throw ApiError.badRequest(`Send the ZIP itself as the body, with Content-Type ${ZIP_TYPES.join(' or ')}`);
  return body as Readable;
}

/** The new app's name, which creating an app from a ZIP needs (a form field is checked as the query is). */
function nameOf(appName: string | undefined): string {
  if (!appName) throw ApiError.field('BAD_REQUEST', 'appName', 'Give the new application a name (appName)');
  const valid: boolean = Value.Check(AppNameSchema, appName);
  if (!valid)
    throw ApiError.field(
      'BAD_REQUEST',
      'appName',
      `'${appName.slice(0, 80)}' is not an application name: letters, digits, spaces, '_', '.', '-', at most 64`,
    );
  return appName;
}

/**
 * A ZIP sent as a multipart form, as a browser console uploads a file (the reference client posts
 * the FormData it is given): the one file part is received and checked like a raw body, text
 * fields (`appName`) are answered beside it. A refused form leaves no file behind.
 */
async function zipForm(
  req: FastifyRequest,
  service: LifecycleService,
): Promise<{ zipPath: string; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let zipPath: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (zipPath) {
        part.file.resume();
        throw ApiError.badRequest('Send one ZIP file in the form');
      }
      zipPath = await service.receive(part.file);
    }
  } catch (err) {
    if (zipPath) await service.discard(zipPath);
    throw err;
  }
  if (!zipPath) throw ApiError.badRequest('The form holds no file: send the app export ZIP as its file part');
  return { zipPath, fields };
}

/** The lifecycle routes of the apps and transfer groups and the process status routes (decision 0059). */
export async function registerLifecycleRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  service: LifecycleService,
  resets: ResetService,
): Promise<void> {
  const started = (row: { id: string }) => ({ processId: row.id });

  handle(app, ctx, apps.cloneApp, async ({ params, developer, body }) =>
    started(await service.startClone(params.appId, developer.id, body.appName, body.parts)),
  );
  handle(app, ctx, apps.getCloningAppStatus, async ({ params }) => {
    const row = await service.processes.get(params.appId, params.processId);
    if (row.kind !== 'clone') throw ApiError.notFound(`Process '${params.processId.slice(0, 80)}' is not a clone`);
    const p = processToWire(row);
    return {
      status: p.status,
      progress: p.progress,
      newAppId: p.newAppId ?? null,
      ...(p.error ? { error: p.error } : {}),
    };
  });

  const startExport = async (appId: string, appName: string, developerId: string, body: unknown) => {
    const parts = body && typeof body === 'object' ? (body as { parts?: never }).parts : undefined;
    return started(await service.startExport(appId, appName, developerId, parts));
  };
  handle(app, ctx, apps.generateAppZIP, ({ params, access, developer, body }) =>
    startExport(params.appId, access.app.name, developer.id, body),
  );
  handle(app, ctx, transfer.startExport, ({ params, access, developer, body }) =>
    startExport(params.appId, access.app.name, developer.id, body),
  );
  handle(app, ctx, transfer.getExportedData, async ({ params }) =>
    (await service.processes.repo.list(params.appId, 'export')).map(exportToWire),
  );
  handle(app, ctx, transfer.downloadExport, async ({ params, reply }) => {
    const file = await service.openExport(params.appId, params.processId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });

  handle(app, ctx, apps.resetApp, async ({ params, access, developer, body }) => ({
    processId: await resets.reset(params.appId, access.app.name, developer.id, body),
  }));

  handle(app, ctx, lifecycle.listProcesses, async ({ params }) =>
    (await service.processes.repo.list(params.appId)).map(processToWire),
  );
  handle(app, ctx, lifecycle.getProcess, async ({ params }) =>
    processToWire(await service.processes.get(params.appId, params.processId)),
  );

  handle(app, ctx, apps.createAppFromZipUrl, async ({ developer, body }) =>
    service.startImportAsNewApp(developer.id, nameOf(body.appName ?? body.name), await service.receiveUrl(body.url)),
  );
  // The ZIP is read as a stream, raw or as the file of a multipart form: in a scope of its own, so
  // other routes keep their parsers.
  await app.register(async (scope) => {
    acceptZipStreams(scope);
    await scope.register(multipart, { limits: { fileSize: APP_ARCHIVE_MAX_BYTES + 1, files: 1, parts: 10 } });
    handle(scope, ctx, apps.createAppFromZIP, async ({ developer, query, body, req }) => {
      if (!req.isMultipart()) {
        const name = nameOf(query.appName);
        return service.startImportAsNewApp(developer.id, name, await service.receive(zipBody(body)));
      }
      const { zipPath, fields } = await zipForm(req, service);
      let name: string;
      try {
        name = nameOf(query.appName ?? fields.appName ?? fields.name);
      } catch (err) {
        await service.discard(zipPath);
        throw err;
      }
      return service.startImportAsNewApp(developer.id, name, zipPath);
    });
  });
}

/** Makes a scope hand ZIP bodies to the handler as streams. */
export function acceptZipStreams(scope: FastifyInstance, stash?: WeakMap<FastifyRequest, Readable>): void {
  for (const type of ZIP_TYPES) {
    if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type);
    scope.addContentTypeParser(type, (req, payload, done) => {
      // With a stash the route's body schema sees an empty object; the stream waits in the stash.
      if (stash) {
        stash.set(req, payload);
        done(null, {});
      } else done(null, payload);
    });
  }
}
