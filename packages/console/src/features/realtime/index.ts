/**
 * Real time for console screens: one shared socket per app (`useRealtime`), record changes of a
 * table (`useLiveTable`) and channel messages (`useChannel`).
 */
export { useRealtime, type UseRealtimeResult } from './useRealtime';
export { useLiveTable, type LiveTableOptions, type LiveTableState } from './useLiveTable';
export { useChannel, type ChannelState } from './useChannel';
export type { DataChange, DataChangeEvent } from '@basalt/sdk/realtime';
