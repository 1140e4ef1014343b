import type { ServerModule } from '../module.js';

/**
 * Placeholder until the area is built: registers nothing and claims no area, so its console
 * routes answer 501. Set `area` once the routes work.
 */
export const hivesModule: ServerModule = {
  name: 'hives',
  register() {},
};
