import type { ServerContext } from '../context.js';
import { checkRealtimeSubscription, realtimeCaller } from '../modules/security/index.js';

/** Who is on the other end of a real-time connection. */
export interface RealtimeClient {
  appId: string;
  /** Device type of the API key the client connected with (JS, REST, ANDROID ...). */
  deviceType: string;
  /** The SDK's per-instance id, stable across its reconnects. */
  clientId: string;
  /** The app user's token, or null for an anonymous client (the SDK sends the text "null"). */
  userToken: string | null;
}

/** What a client asks to receive. */
export type RealtimeTarget = { kind: 'channel'; channel: string } | { kind: 'table'; table: string } | { kind: 'shared-object'; name: string };

export type PermissionAnswer = { allowed: true } | { allowed: false; message: string };

/**
 * SECURITY HOOK — the single place that decides whether a real-time client may subscribe to a
 * channel or to a table's changes. It is called at subscribe time (and again after the client
 * changes its user token), so a refused client never receives anything. The decision is the
 * security area's permission engine (channel Subscribe, table Find).
 */
export async function checkRealtimeSubscribePermission(
  ctx: ServerContext,
  client: RealtimeClient,
  target: RealtimeTarget,
): Promise<PermissionAnswer> {
  if (target.kind === 'shared-object') {
    const answer = await sharedObjectUser(ctx, client);
    return answer.allowed ? { allowed: true } : answer;
  }
  return checkRealtimeSubscription(ctx, client, target);
}

/**
 * Shared objects have no per-object rules: every client that connected with one of the app's API
 * keys may use them (the key was checked at connect). A user token, when the client gives one,
 * must be valid; its user is named as the sender of the client's changes, commands and calls.
 */
export async function sharedObjectUser(ctx: ServerContext, client: RealtimeClient): Promise<{ allowed: true; userId: string | null } | { allowed: false; message: string }> {
  const caller = await realtimeCaller(ctx, client.appId, client.deviceType, client.userToken);
  if (!caller) return { allowed: false, message: 'The user token is not valid or has expired' };
  return { allowed: true, userId: caller.userId };
}
