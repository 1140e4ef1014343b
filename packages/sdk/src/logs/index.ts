import { io, type Socket } from 'socket.io-client';
import type { CloudLogLine } from '@basalt/shared';

export type { CloudLogLine } from '@basalt/shared';

/** What a log follower reports. */
export interface LogFollowerEvents {
  /** The app's recent lines (oldest first), sent once when the stream opens and again after a reconnect. */
  onHistory: (lines: CloudLogLine[]) => void;
  /** Each new line as it is written. */
  onLine: (line: CloudLogLine) => void;
  /** The stream's state; `error` carries the server's reason (e.g. the developer may not see the app). */
  onState?: (state: 'connecting' | 'live' | 'error', error?: { code: string; message: string }) => void;
}

export interface LogFollower {
  close(): void;
}

/**
 * Follows an app's cloud-code and client log lines live (socket.io namespace `/cloudcode` on path
 * `/cloudcode`). The developer's auth key travels in the handshake's `auth`, never as a cookie.
 */
export function followCloudLogs(
  origin: string,
  authKey: string,
  appId: string,
  events: LogFollowerEvents,
): LogFollower {
  const socket: Socket = io(`${origin}/cloudcode`, {
    path: '/cloudcode',
    auth: { authKey, appId },
    transports: ['websocket'],
  });
  events.onState?.('connecting');
  socket.on('connect', () => events.onState?.('live'));
  socket.on('history', (payload: { appId: string; lines: CloudLogLine[] }) => {
    if (payload.appId === appId) events.onHistory(payload.lines);
  });
  socket.on('log', (line: CloudLogLine) => {
    if (line.appId === appId) events.onLine(line);
  });
  socket.on('connect_error', (err: Error & { data?: { code?: string; message?: string } }) => {
    events.onState?.('error', { code: err.data?.code ?? 'CONNECTION', message: err.data?.message ?? err.message });
  });
  return { close: () => socket.disconnect() };
}
export { followFlowDebug, type FlowDebugLiveEvent, type FlowDebugFollowerEvents } from './flow-debug.js';
