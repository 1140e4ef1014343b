import type { Namespace, Socket } from 'socket.io';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { AUTH_HEADER, authenticateKey, type AuthedDeveloper } from '../../../http/auth.js';
import { loadAppAccess } from '../../../http/dev-access.js';
import type { LogSink } from './sink.js';

/** The socket.io namespace of the console's live logs (on the real-time server's Engine.IO endpoint). */
export const LOG_NAMESPACE = '/cloudcode';
/** Apps one socket may follow at once. */
const MAX_ROOMS = 20;
const APP_ID = /^[A-Za-z0-9-]{1,64}$/;

const room = (appId: string) => `app:${appId}`;

/** An error a client reads in `connect_error` (message) and `err.data` (`{code, message}`). */
function refusal(err: unknown): Error {
  const code = err instanceof ApiError ? err.code : 'INTERNAL';
  const message = err instanceof ApiError ? err.message : 'The log stream could not be opened';
  return Object.assign(new Error(message), { data: { code, message } });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * The developer's auth key from the handshake: `auth: {authKey}` (browsers) or the `auth-key`
 * header (other clients). Never the console's cookie: a WebSocket opened by another site would
 * carry it (no CORS on upgrades), and these lines are the app's logs.
 */
function handshakeKey(socket: Socket): string | undefined {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const header = socket.handshake.headers[AUTH_HEADER];
  return text(auth.authKey) ?? text(auth[AUTH_HEADER]) ?? text(Array.isArray(header) ? header[0] : header);
}

function handshakeApp(socket: Socket): string | undefined {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  return text(auth.appId) ?? text(socket.handshake.query.appId);
}

/**
 * Serves the namespace: the handshake must carry a developer's auth key and may name an app; the
 * socket joins the room of each app it asks for (at the handshake or with `join`) only if the
 * developer may see that app (owner or team member), and then receives `history` (the app's ring
 * of recent lines) followed by each new line as `log`. Refusals at the handshake are `connect_error`
 * with the reason; a refused `join` answers `{code, message}` to its acknowledgement.
 */
export function serveLogNamespace(nsp: Namespace, ctx: ServerContext, sink: LogSink): () => void {
  const mayFollow = async (developer: AuthedDeveloper, appId: unknown): Promise<string> => {
    if (typeof appId !== 'string' || !APP_ID.test(appId)) throw ApiError.badRequest('Name the application to follow');
    // The session is checked again: a socket of a developer who signed out follows nothing new.
    await authenticateKey(ctx, developer.authKey);
    await loadAppAccess(ctx.dbs, developer.id, appId);
    return appId;
  };
  const follow = (socket: Socket, appId: string) => {
    void socket.join(room(appId));
    socket.emit('history', { appId, lines: sink.recent(appId) });
  };

  nsp.use((socket, next) => {
    void (async () => {
      const developer = await authenticateKey(ctx, handshakeKey(socket));
      socket.data.developer = developer;
      const appId = handshakeApp(socket);
      if (appId !== undefined) socket.data.appId = await mayFollow(developer, appId);
    })().then(
      () => next(),
      (err: unknown) => next(refusal(err)),
    );
  });

  nsp.on('connection', (socket) => {
    const developer = socket.data.developer as AuthedDeveloper;
    if (socket.data.appId) follow(socket, socket.data.appId as string);
    socket.on('join', (appId: unknown, ack?: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (v: unknown) => void) : () => undefined;
      if (socket.rooms.size > MAX_ROOMS) {
        answer({ code: 'BAD_REQUEST', message: `A socket follows at most ${MAX_ROOMS} applications` });
        return;
      }
      mayFollow(developer, appId).then(
        (id) => {
          follow(socket, id);
          answer({ ok: true });
        },
        (err: unknown) => answer((refusal(err) as Error & { data: unknown }).data),
      );
    });
    socket.on('leave', (appId: unknown, ack?: unknown) => {
      if (typeof appId === 'string') void socket.leave(room(appId));
      if (typeof ack === 'function') (ack as (v: unknown) => void)({ ok: true });
    });
  });

  return sink.onLine((line) => {
    nsp.to(room(line.appId)).emit('log', line);
  });
}
