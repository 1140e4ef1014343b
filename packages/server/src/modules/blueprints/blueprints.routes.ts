import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { BlueprintCatalogue } from './blueprints.catalogue.js';

/** The shipped blueprints, for the "New app" dialog. */
export function registerBlueprintRoutes(app: FastifyInstance, ctx: ServerContext, catalogue: BlueprintCatalogue): void {
  handle(app, ctx, Routes.blueprints.list, () => catalogue.list());
  handle(app, ctx, Routes.blueprints.get, ({ params }) => catalogue.get(params.blueprintId));
}
