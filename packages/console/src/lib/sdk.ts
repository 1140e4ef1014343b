import { createClient } from '@basalt/sdk';
import { NoResponseCache } from './no-response-cache';
import { readLocal, writeLocal } from './storage';

export type Sdk = ReturnType<typeof createClient>;

// TanStack Query is the console's only cache: its client never keeps answers of its own.
const noCache = new NoResponseCache();

function createConsoleClient(key: string | null): Sdk {
  return createClient(window.location.origin, key ?? undefined, { cache: noCache });
}

const AUTH_KEY_STORAGE = 'basalt.authKey';

// The key lives in localStorage so a reload keeps the developer signed in; the SDK client is
// rebuilt whenever it changes so no request can leave with a key that was signed out.
let authKey: string | null = readLocal(AUTH_KEY_STORAGE);
let client: Sdk = createConsoleClient(authKey);
const listeners = new Set<() => void>();

/** The console's one SDK client. Call it at request time: the instance changes on sign-in and out. */
export function getSdk(): Sdk {
  return client;
}

export function getAuthKey(): string | null {
  return authKey;
}

export function setAuthKey(next: string | null): void {
  if (next === authKey) return;
  authKey = next;
  writeLocal(AUTH_KEY_STORAGE, next);
  const previous = client;
  client = createConsoleClient(next);
  previous.destroy();
  for (const listener of listeners) listener();
}

export function subscribeAuthKey(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes what this tab may do.
window.addEventListener('storage', (event) => {
  if (event.key === AUTH_KEY_STORAGE) setAuthKey(event.newValue);
});
