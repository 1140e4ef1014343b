export { RealtimeServer, isRealtimeRequest, type RealtimeOptions } from './realtime-server.js';
export type { RealtimeEvent } from './fan-out.js';
export { registerAppInfoRoute, realtimeUrl } from './app-info.routes.js';
export { checkRealtimeSubscribePermission, type RealtimeClient, type RealtimeTarget } from './permissions.js';
export {
  parseFilter,
  matchesWhere,
  whereColumns,
  WhereSyntaxError,
  MAX_WHERE_LENGTH,
  type Condition,
} from './where-filter.js';
