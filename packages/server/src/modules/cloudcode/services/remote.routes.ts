import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { handle } from '../../../http/route.js';
import { AUTH_HEADER, authenticateDeveloper } from '../../../http/auth.js';
import { loadAppAccess } from '../../../http/dev-access.js';
import { MAX_MODEL_BYTES, MAX_MODEL_FILES } from '../drafts/limits.js';
import type { ServicesService } from './services.service.js';
import { specOf } from './services.service.js';
import { importService, type ImportSource } from './imported/import.js';
import { MAX_DOCUMENT_BYTES } from './imported/document.js';
import { uploadServices, type UploadedPart } from './upload/upload.js';
import { clientLanguage, generateClient } from './client/generate.js';
import { McpApiServices } from './mcp/mcp.js';

const r = Routes.bl;
const mcp = Routes.mcpApiServices;

/** Every part of a multipart request: files (over `maxBytes` is a 413 naming the file) and text fields. */
async function readForm(
  req: FastifyRequest,
  maxBytes: number,
): Promise<{ files: Array<UploadedPart & { field: string }>; fields: Record<string, string> }> {
  const files: Array<UploadedPart & { field: string }> = [];
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer().catch((err: { code?: string }) => {
      if (err.code === 'FST_REQ_FILE_TOO_LARGE')
        throw ApiError.tooLarge(`The file '${part.filename}' is over ${maxBytes} bytes`);
      throw err;
    });
    if (bytes.length > maxBytes) throw ApiError.tooLarge(`The file '${part.filename}' is over ${maxBytes} bytes`);
    files.push({ field: part.fieldname, fileName: part.filename, bytes });
  }
  return { files, fields };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Imported and uploaded services, generated clients and MCP flags (decision 0053). The two upload
 * routes get their own scope with the multipart reader, limited to a model's size.
 */
export async function registerRemoteServiceRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  services: ServicesService,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_MODEL_BYTES + 1, files: MAX_MODEL_FILES, fields: 20, fieldSize: 64 * 1024, parts: 1100 },
    });

    handle(scope, ctx, r.importService, async ({ params, req, body }) => {
      if (req.isMultipart()) {
        const form = await readForm(req, MAX_DOCUMENT_BYTES);
        const file = form.files.find((f) => f.field === 'file') ?? form.files[0];
        if (!file)
          throw ApiError.field('VALIDATION', 'file', "Send the OpenAPI document as the multipart field 'file'");
        const source: ImportSource = { kind: 'upload', bytes: file.bytes, fileName: file.fileName };
        return importService(ctx, services, params.appId, source, form.fields.name);
      }
      if (!isObject(body))
        throw ApiError.field('VALIDATION', 'serviceURL', "Send 'file' (multipart), {serviceURL} or {service}");
      if (body.serviceURL !== undefined && body.serviceURL !== null && body.serviceURL !== '')
        return importService(ctx, services, params.appId, { kind: 'url', url: body.serviceURL }, body.name);
      if (body.service !== undefined && body.service !== null)
        return importService(ctx, services, params.appId, { kind: 'object', document: body.service }, body.name);
      throw ApiError.field('VALIDATION', 'serviceURL', "Send 'file' (multipart), {serviceURL} or {service}");
    });

    handle(scope, ctx, r.createService, async ({ params, req, body, developer }) => {
      if (!req.isMultipart()) {
        if (isObject(body) && (body.createFromSample === true || body.createFromSample === 'true'))
          throw ApiError.notAvailableYet('Creating a service from a sample');
        throw ApiError.field('VALIDATION', 'files', "Send the .js files (or a .zip of them) as multipart 'files'");
      }
      const form = await readForm(req, MAX_MODEL_BYTES);
      if (form.fields.createFromSample === 'true') throw ApiError.notAvailableYet('Creating a service from a sample');
      const model = form.fields.model && form.fields.model !== 'undefined' ? form.fields.model : undefined;
      return uploadServices(ctx, services, params.appId, { parts: form.files, model, developerId: developer.id });
    });
  });

  handle(app, ctx, r.downloadServiceClient, async ({ params, req, reply }) => {
    // A browser download: the auth key comes in the path and is checked as the header would be.
    req.headers[AUTH_HEADER] = params.authKey;
    const developer = await authenticateDeveloper(ctx, req);
    await loadAppAccess(ctx.dbs, developer.id, params.appId);
    const language = clientLanguage(params.language);
    const s = await services.get(params.appId, params.serviceId);
    const host = req.headers.host ?? `localhost:${ctx.config.port}`;
    const source = generateClient(
      { name: s.name, version: s.version, methods: specOf(s).methods },
      params.appId,
      `${req.protocol}://${host}`,
      language,
    );
    const file = `${s.name}.${language === 'TS' ? 'ts' : 'js'}`.replace(/[^\w.-]/g, '_');
    return reply
      .type(language === 'TS' ? 'application/typescript; charset=utf-8' : 'text/javascript; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'private, no-store')
      .send(source);
  });

  const flags = new McpApiServices(services);
  handle(app, ctx, mcp.getMcpApiServices, ({ params }) => flags.list(params.appId));
  handle(app, ctx, mcp.enableMcpApiService, ({ params }) => flags.set(params.appId, params.serviceVersionId, true));
  handle(app, ctx, mcp.disableMcpApiService, ({ params }) => flags.set(params.appId, params.serviceVersionId, false));
}
