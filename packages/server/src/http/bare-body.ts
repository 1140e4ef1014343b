import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { Routes, type RouteDef } from '@basalt/shared';

/**
 * Routes whose body the reference client sends as a bare string with no content type at all (a
 * path, a name, an id, a file's text): its Node transport sets none for a string. Fastify would
 * answer 415 before the handler runs; these routes read such a body as text, as they read
 * `text/plain`.
 */
export const BARE_BODY_ROUTES: readonly RouteDef[] = [
  Routes.files.moveFile,
  Routes.files.copyFile,
  Routes.files.renameFile,
  Routes.files.createFile,
  Routes.files.createConsoleFile,
  Routes.security.logoutUserSessions,
  Routes.devTeam.inviteDeveloper,
  Routes.settingsDomains.updateCustomDomain,
  // The session id again, as the DELETE's body (the query carries it too).
  Routes.automation.stopTriggerInDebugMode,
  // The invitation id the sign-up page checks.
  Routes.referrals.checkInviteId,
  // The reason of a rejected or removed marketplace product.
  Routes.marketplace.rejectProduct,
  Routes.marketplace.removeProduct,
];

/** Route URLs as registered: file routes also as their stem and `stem/*` (files.routes.ts). */
function registeredUrls(route: RouteDef): string[] {
  const stem = route.path.replace(/\/:(path|filePath)\b.*$/, '');
  return stem === route.path ? [route.path] : [route.path, stem, `${stem}/*`];
}

const allowed = new Set(BARE_BODY_ROUTES.flatMap((r) => registeredUrls(r).map((url) => `${r.method} ${url}`)));

/** Whether a request's route takes a bare body without a content type. */
export function takesBareBody(req: FastifyRequest): boolean {
  return allowed.has(`${req.method} ${req.routeOptions.url}`);
}

/** The body as UTF-8 text, refused past `limit` bytes (as Fastify refuses any body). */
async function readText(payload: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(payload.headers['content-length']);
  if (declared > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The parser of bodies that no other parser takes: a body without a content type is read as text
 * on the routes of BARE_BODY_ROUTES; anything else is refused with Fastify's own 415, as before
 * (unknown routes still get their 404). Registered once on the root instance.
 */
export function installBareBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('*', async (req: FastifyRequest, payload: IncomingMessage) => {
    if (req.is404) return undefined;
    if (req.headers['content-type'] === undefined && takesBareBody(req))
      return readText(payload, req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576);
    throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
  });
}
