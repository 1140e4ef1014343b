import { createClient } from '@basalt/sdk';
import { readLocal, writeLocal } from './storage';

export type Sdk = ReturnType<typeof createClient>;

const AUTH_KEY_STORAGE = 'basalt.authKey';

// The key lives in localStorage so a reload keeps the developer signed in; the SDK client is
// rebuilt whenever it changes so no request can leave with a key that was signed out.
let authKey: string | null = readLocal(AUTH_KEY_STORAGE);
let client: Sdk = createClient(window.location.origin, authKey ?? undefined);
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
  client = createClient(window.location.origin, next ?? undefined);
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
