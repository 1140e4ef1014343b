import type { RouteDef } from '../route.js';

/** Routes of this group are declared here as the area is built (see user.ts for the pattern). */
export const dataViewsRoutes = {} satisfies Record<string, RouteDef>;
