export { registerSystemRoutes, VERSION } from './system.routes.js';
export { notAvailableRouteNames, registerNotAvailableRoutes } from './not-available.routes.js';
