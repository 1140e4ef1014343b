export { RealtimeServer, isRealtimeRequest, type RealtimeOptions } from './realtime-server.js';
export type { RealtimeEvent } from './fan-out.js';
export { registerAppInfoRoute, realtimeUrl } from './app-info.routes.js';
export { checkRealtimeSubscribePermission, type RealtimeClient, type RealtimeTarget } from './permissions.js';
export { parseWhere, matchesWhere, whereFields, WhereSyntaxError, type WhereNode, type Literal } from './where-filter.js';
