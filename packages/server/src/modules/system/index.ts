export { registerSystemRoutes, registerNotAvailableRoutes, VERSION } from './system.routes.js';
