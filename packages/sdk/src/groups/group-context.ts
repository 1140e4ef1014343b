import type { ClientContext } from '../transport/context.js';
import type { Transports } from '../transport/channels.js';

/**
 * What a group factory receives: the client's channels (`request`, `request.billing` ...) and its
 * shared state (`context.authKey`, `context.memo`).
 */
export interface GroupContext {
  request: Transports;
  context: ClientContext;
}
