import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { authenticateApp } from '../../../http/app-auth.js';
import { ApiError } from '../../../http/api-error.js';
import { MAX_MESSAGE_CHARS, type LogLineInput } from './log-line.js';

/** Lines one request may carry: the SDK's own queue holds at most 1,000 (its `messagesLimit`). */
export const MAX_LINES_PER_REQUEST = 1_000;
/** A batch of 1,000 short lines is far below this; a larger body is refused before it is read. */
const BODY_LIMIT = 2 * 1024 * 1024;
const LEVELS = new Set(['DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL', 'TRACE']);

/** The SDK sends strings; other clients may send anything, which is logged as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** Checks the batch as a whole before any line is written: a refused request logs nothing. */
export function parseLogBatch(body: unknown): LogLineInput[] {
  if (!Array.isArray(body)) throw ApiError.badRequest('The body is an array of log messages');
  if (body.length > MAX_LINES_PER_REQUEST)
    throw ApiError.tooLarge(`At most ${MAX_LINES_PER_REQUEST} log messages per request (got ${body.length})`);
  return body.map((item: unknown, i): LogLineInput => {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw ApiError.badRequest(`Log message ${i} is not an object`);
    const m = item as Record<string, unknown>;
    const level = typeof m['log-level'] === 'string' ? m['log-level'].toUpperCase() : '';
    if (!LEVELS.has(level))
      throw ApiError.badRequest(`Log message ${i}: 'log-level' is one of ${[...LEVELS].join(', ')}`);
    if (typeof m.logger !== 'string' || !m.logger.trim() || m.logger.length > 200)
      throw ApiError.badRequest(`Log message ${i}: 'logger' is a name of 1 to 200 characters`);
    let message = asText(m.message);
    if (m.exception !== undefined && m.exception !== null && m.exception !== '') message += `\n${asText(m.exception)}`;
    if (message.length > MAX_MESSAGE_CHARS)
      throw ApiError.tooLarge(`Log message ${i} is longer than ${MAX_MESSAGE_CHARS} characters`);
    const ts = typeof m.timestamp === 'number' && Number.isFinite(m.timestamp) ? m.timestamp : undefined;
    return { ts, level, logger: m.logger, message, kind: 'client' };
  });
}

/**
 * The app API's Logging group: `PUT /{appId}/{apiKey}/log` with the batch the `backendless` SDK's
 * Logging flushes (`[{logger, message, exception?, 'log-level', timestamp}]`). The lines go to the
 * app's log sink as kind `client`; levels and the rate limit apply there (lines over the rate are
 * dropped and counted, not refused: the SDK would only send them again).
 */
export function registerAppLogRoute(app: FastifyInstance, ctx: ServerContext): void {
  app.put<{ Params: { appId: string; apiKey: string } }>(
    '/:appId/:apiKey/log',
    {
      bodyLimit: BODY_LIMIT,
      // The key is checked before the body is read: a caller without one cannot make us parse 2 MB.
      onRequest: async (req) => {
        await authenticateApp(ctx, req);
      },
    },
    async (req, reply) => {
      const caller = await authenticateApp(ctx, req);
      const lines = parseLogBatch(req.body);
      for (const line of lines) ctx.cloudLogs.write(caller.appId, line);
      return reply.send(null);
    },
  );
}
