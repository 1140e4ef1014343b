import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { authenticateApp } from '../../../http/app-auth.js';
import { parseJsonBody } from '../../../http/json-body.js';
import { sendJson } from '../../../http/route.js';
import type { ServicesService } from '../services/services.service.js';
import { ServiceInvoker, isAsync, type HttpParts } from './invoke.service.js';

/** The body as the code's argument: JSON when it parses, else the text itself. */
interface ReadBody {
  value: unknown;
  /** Set when the body came without a JSON content type. */
  rawText?: string;
}

async function readText(payload: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function decodedParts(url: string, from: number): string[] {
  const path = url.split('?')[0].split('#')[0];
  return path
    .split('/')
    .filter((p) => p !== '')
    .slice(from)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        throw ApiError.badRequest(`Malformed percent-encoding in '${p}'`);
      }
    });
}

function httpOf(req: FastifyRequest): HttpParts {
  return {
    verb: req.method,
    path: (req.raw.url ?? req.url).split('?')[0],
    headers: req.headers as Record<string, unknown>,
    query: (req.query ?? {}) as Record<string, unknown>,
  };
}

/**
 * Answers a call: the method's value as JSON (bare strings and null included); with
 * `bl-execution-type: async` at once (null), the call running on and its failure only logged.
 */
async function answer(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  call: { run: () => Promise<unknown> },
) {
  if (isAsync(req.headers as Record<string, unknown>)) {
    call.run().catch((err: unknown) => ctx.log.warn({ err }, 'cloud code: an async invocation failed'));
    return sendJson(reply, null);
  }
  return sendJson(reply, await call.run());
}

/**
 * The app API of cloud code: `/{appId}/{apiKey}/services/{service}/{method}` (the SDK's form) and
 * each method's generated REST route under `/services/{service}/…` (with or without a version
 * part), and custom events `/{appId}/{apiKey}/servercode/events/{name}`. Any body is accepted: the
 * SDK sends a text argument raw, without a content type.
 */
export async function registerInvokeRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  services: ServicesService,
): Promise<void> {
  const invoker = new ServiceInvoker(ctx, services);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', async (req: FastifyRequest, payload: IncomingMessage): Promise<ReadBody> => {
      const text = await readText(payload, req.routeOptions.bodyLimit ?? ctx.config.bodyLimit);
      const type = String(req.headers['content-type'] ?? '').toLowerCase();
      if (type.includes('json')) return { value: text === '' ? undefined : parseJsonBody(text) };
      if (text === '') return { value: undefined, rawText: text };
      try {
        return { value: JSON.parse(text) as unknown, rawText: text };
      } catch {
        return { value: text, rawText: text };
      }
    });

    const service = async (req: FastifyRequest, reply: FastifyReply) => {
      const caller = await authenticateApp(ctx, req);
      const [name, ...rest] = decodedParts(req.raw.url ?? req.url, 3);
      if (!name) throw ApiError.notFound('Name the service: /services/{service}/{method}');
      const body = req.body as ReadBody | undefined;
      const call = await invoker.invokeService(
        caller,
        name,
        rest,
        { body: body?.value, rawText: body?.rawText, query: (req.query ?? {}) as Record<string, unknown> },
        httpOf(req),
      );
      return answer(ctx, req, reply, call);
    };
    for (const url of ['/:appId/:apiKey/services', '/:appId/:apiKey/services/*'])
      scope.route({ method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], url, handler: service });

    scope.post(
      '/:appId/:apiKey/servercode/events/:name',
      async (req: FastifyRequest<{ Params: { name: string } }>, reply) => {
        const caller = await authenticateApp(ctx, req);
        const body = req.body as ReadBody | undefined;
        return answer(ctx, req, reply, await invoker.dispatchEvent(caller, req.params.name, body?.value, httpOf(req)));
      },
    );
  });
}
