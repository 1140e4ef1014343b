import { Routes, type QuickApp, type QuickAppInput, type Success, type UiPublishAnswer } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.quickApps;

export type { QuickApp, QuickAppInput };

/** Quick apps: UI containers made from a table in one step (`quickApps` group of the reference client). */
export function createQuickAppsGroup({ request }: GroupContext) {
  return {
    /** The app's quick apps, by name. */
    loadContainers(appId: string): Promise<QuickApp[]> {
      return request.route(r.loadContainers, [appId]);
    },

    /** One quick app (its id is its container's name). */
    loadContainer(appId: string, containerId: string): Promise<QuickApp> {
      return request.route(r.loadContainer, [appId, containerId]);
    },

    /** Makes a container from a table: a list page and a form page. */
    createContainer(appId: string, data: QuickAppInput): Promise<QuickApp> {
      return request.route(r.createContainer, [appId], { body: data });
    },

    /** Moves the quick app's container to the UI Builder's trash. */
    deleteContainer(appId: string, containerId: string): Promise<Success> {
      return request.route(r.deleteContainer, [appId, containerId]);
    },

    /** Publishes the quick app's container (developer operation 111). */
    deployContainer(appId: string, containerId: string, data?: { description?: string }): Promise<UiPublishAnswer> {
      return request.route(r.deployContainer, [appId, containerId], { body: data });
    },
  };
}
