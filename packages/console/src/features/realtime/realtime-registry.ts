import {
  connectRealtime,
  type RealtimeConnection,
  type RealtimeError,
  type RealtimeStatus,
} from '@basalt/sdk/realtime';

/** What screens see of a shared connection. */
export interface RealtimeState {
  status: RealtimeStatus;
  /** The last refusal or connection failure, cleared when the connection comes back. */
  error: RealtimeError | null;
}

type Listener = (state: RealtimeState) => void;

interface Entry {
  connection: RealtimeConnection;
  state: RealtimeState;
  listeners: Set<Listener>;
  users: number;
  closeTimer?: ReturnType<typeof setTimeout>;
}

// One socket per app and key, shared by every screen that listens: the records browser and the
// channel inspector open on the same app must not cost two connections.
const entries = new Map<string, Entry>();

/** How long an unused connection stays open, so moving between screens does not reconnect. */
const LINGER_MS = 5_000;

function update(entry: Entry, patch: Partial<RealtimeState>): void {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener(entry.state);
}

/**
 * Takes a share of the app's real-time connection; `release` gives it back and the socket closes a
 * few seconds after the last share is released.
 */
export function acquireRealtime(
  appId: string,
  apiKey: string,
  listener: Listener,
): { connection: RealtimeConnection; state: RealtimeState; release: () => void } {
  const key = `${appId}\u0000${apiKey}`;
  let entry = entries.get(key);
  if (!entry) {
    const created: Entry = {
      state: { status: 'connecting', error: null },
      listeners: new Set(),
      users: 0,
      connection: connectRealtime({
        // The console is served by the server it talks to.
        serverUrl: window.location.origin,
        appId,
        apiKey,
        onStatus: (status) => update(created, status === 'connected' ? { status, error: null } : { status }),
        onError: (error) => update(created, { error }),
      }),
    };
    entries.set(key, created);
    entry = created;
  }
  const current = entry;
  if (current.closeTimer) clearTimeout(current.closeTimer);
  current.closeTimer = undefined;
  current.users += 1;
  current.listeners.add(listener);
  let released = false;
  return {
    connection: current.connection,
    state: current.state,
    release: () => {
      if (released) return;
      released = true;
      current.listeners.delete(listener);
      current.users -= 1;
      if (current.users > 0) return;
      current.closeTimer = setTimeout(() => {
        if (current.users > 0) return;
        current.connection.close();
        entries.delete(key);
      }, LINGER_MS);
    },
  };
}
