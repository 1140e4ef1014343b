import {
  Routes,
  type PublishedContainer,
  type Success,
  type Visualization,
  type VisualizationInput,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.visualizations;

export type { PublishedContainer, Visualization, VisualizationInput };

/** Visualizations of published UI containers and charts (`visualizations` group of the reference client). */
export function createVisualizationsGroup({ request }: GroupContext) {
  return {
    /** The app's visualizations, by name. */
    getVisualizations(appId: string): Promise<Visualization[]> {
      return request.route(r.getVisualizations, [appId]);
    },

    /** Adds a visualization of a published container or a chart. */
    createVisualization(appId: string, visualization: VisualizationInput): Promise<Visualization> {
      return request.route(r.createVisualization, [appId], { body: visualization });
    },

    /** Changes a visualization. */
    updateVisualization(
      appId: string,
      visualizationId: string,
      visualization: Partial<VisualizationInput>,
    ): Promise<Visualization> {
      return request.route(r.updateVisualization, [appId, visualizationId], { body: visualization });
    },

    /** Deletes visualizations; the ids travel as repeated `visualizationIds=` query keys. */
    deleteVisualizations(appId: string, visualizationIds: string | string[]): Promise<Success> {
      return request.route(r.deleteVisualizations, [appId], { query: { visualizationIds } });
    },

    /** Looks the visualization's container or chart up again; sent without a body. */
    updateVisualizationResources(appId: string, visualizationId: string): Promise<Visualization> {
      return request.route(r.updateVisualizationResources, [appId, visualizationId]);
    },

    /** The app's published UI containers, by name. */
    loadPublishedUIBuilderContainers(appId: string): Promise<PublishedContainer[]> {
      return request.route(r.loadPublishedUIBuilderContainers, [appId]);
    },
  };
}
