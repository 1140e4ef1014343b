import type { Namespace, Socket } from 'socket.io';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { AUTH_HEADER, authenticateKey, type AuthedDeveloper } from '../../../http/auth.js';
import { loadAppAccess } from '../../../http/dev-access.js';
import { FlowsRepo } from '../flows.repo.js';

/** The socket.io namespace of the console's live flow debugging (on the real-time server's endpoint). */
export const FLOW_DEBUG_NAMESPACE = '/automation';
/** Versions one socket may watch at once. */
const MAX_ROOMS = 20;

const room = (versionId: string) => `flow-version:${versionId}`;
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function refusal(err: unknown): Error {
  const code = err instanceof ApiError ? err.code : 'INTERNAL';
  const message = err instanceof ApiError ? err.message : 'The debug stream could not be opened';
  return Object.assign(new Error(message), { data: { code, message } });
}

/**
 * Serves the debug stream: the handshake carries the developer's auth key (`auth: {authKey}` or
 * the `auth-key` header, never the cookie) and may name `{appId, versionId}`; `watch` with
 * `{appId, versionId}` joins more. A socket joins a version's room only when the developer may
 * see the app and the version is the app's. Each room receives `flow.debug` events as
 * `debug` messages: `instance.started`, `step.finished`, `instance.finished`, `element.finished`,
 * `learning.captured` — the same facts the history route reads back from the rows.
 */
export function serveFlowDebugNamespace(nsp: Namespace, ctx: ServerContext): () => void {
  const flows = new FlowsRepo(ctx.dbs);
  const mayWatch = async (developer: AuthedDeveloper, target: unknown): Promise<string> => {
    const t = (target ?? {}) as Record<string, unknown>;
    const appId = text(t.appId);
    const versionId = text(t.versionId);
    if (!appId || !versionId) throw ApiError.badRequest('Name the version to watch: {appId, versionId}');
    await authenticateKey(ctx, developer.authKey);
    await loadAppAccess(ctx.dbs, developer.id, appId);
    if (!(await flows.version(appId, versionId)))
      throw ApiError.notFound(`Flow version '${versionId.slice(0, 64)}' does not exist`);
    return versionId;
  };

  nsp.use((socket, next) => {
    void (async () => {
      const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
      const header = socket.handshake.headers[AUTH_HEADER];
      const key = text(auth.authKey) ?? text(Array.isArray(header) ? header[0] : header);
      const developer = await authenticateKey(ctx, key);
      socket.data.developer = developer;
      if (auth.versionId !== undefined) socket.data.versionId = await mayWatch(developer, auth);
    })().then(
      () => next(),
      (err: unknown) => next(refusal(err)),
    );
  });

  nsp.on('connection', (socket: Socket) => {
    const developer = socket.data.developer as AuthedDeveloper;
    if (socket.data.versionId) void socket.join(room(socket.data.versionId as string));
    socket.on('watch', (target: unknown, ack?: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (v: unknown) => void) : () => undefined;
      if (socket.rooms.size > MAX_ROOMS) {
        answer({ code: 'BAD_REQUEST', message: `A socket watches at most ${MAX_ROOMS} versions` });
        return;
      }
      mayWatch(developer, target).then(
        (versionId) => {
          void socket.join(room(versionId));
          answer({ ok: true });
        },
        (err: unknown) => answer((refusal(err) as Error & { data: unknown }).data),
      );
    });
  });

  return ctx.bus.on('flow.debug', ({ versionId, event }) => {
    nsp.to(room(versionId)).emit('debug', event);
  });
}
