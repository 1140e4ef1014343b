/**
 * The frames of the real-time protocol the `backendless` SDK speaks (and Basalt's server answers):
 * `SUB_ON` / `SUB_OFF` / `MET_REQ` from the client, `SUB_READY` / `SUB_RES` / `MET_RES` from the
 * server, each one JSON object.
 */

/** An error the server puts in `SUB_RES` or `MET_RES`. */
export interface WireError {
  code?: string | number;
  message?: string;
  details?: unknown;
}

/** `SUB_ON`: start a subscription; `SUB_OFF` carries only the id. */
export interface SubscribeFrame {
  id: string;
  name: string;
  options: Record<string, unknown>;
}

/** `MET_REQ`: call a method. */
export type MethodFrame = SubscribeFrame;

/** `SUB_RES`: an event of a subscription, or its refusal (which ends it). */
export interface SubscriptionResult {
  id: string;
  data?: unknown;
  error?: WireError;
}

/** `MET_RES`: the answer to a `MET_REQ`. */
export interface MethodResult {
  id: string;
  result?: unknown;
  error?: WireError;
}

/** Subscription names Basalt's wrapper uses. */
export const SubscriptionNames = {
  /** Join a channel; answered with `SUB_READY`, needed before the channel's other subscriptions. */
  CHANNEL_CONNECT: 'PUB_SUB_CONNECT',
  /** Messages published to a channel (optional `selector` over message headers). */
  CHANNEL_MESSAGES: 'PUB_SUB_MESSAGES',
  /** Record changes of a table (`event`, `tableName`, optional `whereClause`). */
  OBJECTS_CHANGES: 'OBJECTS_CHANGES',
} as const;

/** Method names Basalt's wrapper uses. */
export const MethodNames = {
  /** The signed-in user's token changed (`null` after sign-out). */
  SET_USER_TOKEN: 'SET_USER_TOKEN',
} as const;

/** The error a subscription or method call rejects with: the server's message and code. */
export class RealtimeError extends Error {
  /** The server's error code, or `CLOSED` / `TIMEOUT` / `CONNECT` for the wrapper's own failures. */
  readonly code: string | number | undefined;
  readonly details: unknown;

  constructor(message: string, code?: string | number, details?: unknown) {
    super(message);
    this.name = 'RealtimeError';
    this.code = code;
    this.details = details;
  }

  static from(error: WireError): RealtimeError {
    return new RealtimeError(error.message || 'Real-time request failed', error.code, error.details);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A frame id as the reference client makes them: 8 random letters or digits and a ms timestamp. */
export function frameId(now = Date.now()): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id + now;
}

/** The per-connection client id sent in the handshake (stable across reconnects). */
export function clientId(): string {
  return typeof globalThis.crypto.randomUUID === 'function' ? globalThis.crypto.randomUUID().toUpperCase() : frameId();
}
