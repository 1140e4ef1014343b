import type { ServerModule } from '../module.js';
import { BlueprintCatalogue, SHIPPED_DIR, loadBlueprints } from './blueprints.catalogue.js';
import { registerBlueprintRoutes } from './blueprints.routes.js';

export { applyBlueprint } from './blueprints.apply.js';
export type { LoadedBlueprint } from './blueprint-file.js';

/** The blueprints this server ships, read once (a broken file stops the start with its name). */
let shipped: BlueprintCatalogue | undefined;
export function blueprintCatalogue(): BlueprintCatalogue {
  shipped ??= new BlueprintCatalogue(loadBlueprints(SHIPPED_DIR));
  return shipped;
}

/**
 * Blueprints (decision 0065): ready-made apps in `packages/server/blueprints/`. The console lists
 * them; `apps.createApp` with `blueprintId` makes a new app from one.
 */
export const blueprintsModule: ServerModule = {
  area: 'blueprints',
  name: 'blueprints',
  register(app, ctx) {
    registerBlueprintRoutes(app, ctx, blueprintCatalogue());
  },
};
