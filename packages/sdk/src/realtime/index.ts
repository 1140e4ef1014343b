/**
 * `@basalt/sdk/realtime`: an application's real-time connection (channel messages and record
 * changes) over socket.io, speaking the protocol of the `backendless` SDK.
 */
export {
  connectRealtime,
  type RealtimeOptions,
  type RealtimeConnection,
  type RealtimeStatus,
  type Unsubscribe,
  type DataChange,
  type DataChangeEvent,
  type ChannelSubscribeOptions,
} from './connect.js';
export { RealtimeError, SubscriptionNames, MethodNames, type WireError } from './frames.js';
