import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/visualizations';

/**
 * A visualization: a published UI container (`container`) or a chart (`chart`) put on show under a
 * name of its own. `url` is where the container is served, or null (a chart, or a container not
 * published or gone).
 */
export const VisualizationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.Union([Type.Literal('container'), Type.Literal('chart')]),
  /** The container's or the chart's name. */
  source: Type.String(),
  description: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  /** When its resources (the container's publication, the chart) were last looked up. */
  resourcesUpdated: Type.Number(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Visualization = Static<typeof VisualizationSchema>;

export const VisualizationInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.Union([Type.Literal('container'), Type.Literal('chart')]),
  source: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type VisualizationInput = Static<typeof VisualizationInputSchema>;

/** A published UI container as the visualizations picker lists it. */
export const PublishedContainerSchema = Type.Object({
  name: Type.String(),
  url: Type.String(),
  publication: Type.Number(),
  published: Type.Number(),
});
export type PublishedContainer = Static<typeof PublishedContainerSchema>;

/** Visualizations: published UI containers and charts put on show (`visualizations` group, decision 0093). */
export const visualizationsRoutes = {
  getVisualizations: defineRoute({
    name: 'visualizations.getVisualizations',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(VisualizationSchema),
    summary: "The app's visualizations, by name",
  }),
  createVisualization: defineRoute({
    name: 'visualizations.createVisualization',
    method: 'POST',
    path: base,
    auth: 'developer',
    body: VisualizationInputSchema,
    response: VisualizationSchema,
    summary: 'Adds a visualization of a published container or an existing chart (400 naming one that is not)',
  }),
  updateVisualization: defineRoute({
    name: 'visualizations.updateVisualization',
    method: 'PUT',
    path: `${base}/:visualizationId`,
    auth: 'developer',
    body: Type.Partial(VisualizationInputSchema),
    response: VisualizationSchema,
    summary: 'Changes a visualization',
  }),
  deleteVisualizations: defineRoute({
    name: 'visualizations.deleteVisualizations',
    method: 'DELETE',
    path: base,
    auth: 'developer',
    query: Type.Object({
      visualizationIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }),
    }),
    response: SuccessSchema,
    summary: 'Deletes visualizations by id (repeated `visualizationIds=`); an unknown id is a 404 naming it',
  }),
  updateVisualizationResources: defineRoute({
    name: 'visualizations.updateVisualizationResources',
    method: 'PUT',
    path: `${base}/:visualizationId/resources`,
    auth: 'developer',
    response: VisualizationSchema,
    summary: "Looks up the visualization's container or chart again (its url after a republish); no body",
  }),
  loadPublishedUIBuilderContainers: defineRoute({
    name: 'visualizations.loadPublishedUIBuilderContainers',
    method: 'GET',
    path: `${base}/ui-builder/containers/published`,
    auth: 'developer',
    response: Type.Array(PublishedContainerSchema),
    summary: "The app's UI containers that are published (not in the trash), by name",
  }),
} satisfies Record<string, RouteDef>;
