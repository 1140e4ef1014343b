import { io, type Socket } from 'socket.io-client';

/** One live fact of a debug session: `instance.started`, `step.finished`, `instance.finished`, `element.finished`, `learning.captured`. */
export interface FlowDebugLiveEvent {
  type: string;
  sessionId: string | null;
  executionId?: string;
  elementId?: string;
  status?: string;
  [key: string]: unknown;
}

export interface FlowDebugFollowerEvents {
  onEvent: (event: FlowDebugLiveEvent) => void;
  onState?: (state: 'connecting' | 'live' | 'error', error?: { code: string; message: string }) => void;
}

/**
 * Follows a flow version's debug events live (socket.io namespace `/automation` on path
 * `/automation`, decision 0075). The auth key travels in the handshake's `auth`; the history over
 * HTTP holds the same facts, so a view reads that on open and after a reconnect.
 */
export function followFlowDebug(
  origin: string,
  authKey: string,
  target: { appId: string; versionId: string },
  events: FlowDebugFollowerEvents,
): { close(): void } {
  const socket: Socket = io(`${origin}/automation`, {
    path: '/automation',
    auth: { authKey, appId: target.appId, versionId: target.versionId },
    transports: ['websocket'],
  });
  events.onState?.('connecting');
  socket.on('connect', () => events.onState?.('live'));
  socket.on('debug', (e: FlowDebugLiveEvent) => events.onEvent(e));
  socket.on('connect_error', (err: Error & { data?: { code?: string; message?: string } }) => {
    events.onState?.('error', { code: err.data?.code ?? 'CONNECTION', message: err.data?.message ?? err.message });
  });
  return { close: () => socket.disconnect() };
}
