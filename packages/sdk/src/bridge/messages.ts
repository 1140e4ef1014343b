/**
 * Wire format of the cross-window bridge. Every message names the bridge channel so several
 * bridges (and unrelated postMessage traffic) can share one window.
 */

/** First step of the handshake: "I am here, are you?" */
export interface ConnectMessage {
  channel: string;
  kind: 'connect';
  peer: string;
}

/** Answer to `connect`: the handshake is done on both sides. */
export interface ConnectedMessage {
  channel: string;
  kind: 'connected';
  peer: string;
}

/** A call of a method registered on the other side. */
export interface RequestMessage {
  channel: string;
  kind: 'request';
  id: string;
  method: string;
  args: unknown[];
}

/** What a request answered: a result, or an error with its message. */
export interface ResponseMessage {
  channel: string;
  kind: 'response';
  id: string;
  result?: unknown;
  error?: { message: string; code?: string | number };
}

/** A fire-and-forget notification. */
export interface EventMessage {
  channel: string;
  kind: 'event';
  event: string;
  data: unknown;
}

/** Any bridge message. */
export type BridgeMessage = ConnectMessage | ConnectedMessage | RequestMessage | ResponseMessage | EventMessage;

const KINDS = new Set(['connect', 'connected', 'request', 'response', 'event']);

/** True when `data` is a bridge message of `channel` (everything else on the window is ignored). */
export function isBridgeMessage(data: unknown, channel: string): data is BridgeMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.channel === channel && typeof m.kind === 'string' && KINDS.has(m.kind);
}

/** Error message of a request that names a method the other side did not register. */
export function unknownMethodMessage(method: string): string {
  return `Can not process not registered method: ${method}`;
}
