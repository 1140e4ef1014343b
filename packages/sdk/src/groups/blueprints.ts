import { Routes, type Blueprint, type BlueprintSummary } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.blueprints;

export type { Blueprint, BlueprintSummary };

/** Blueprints: ready-made apps (`blueprints` group of the reference client). */
export function createBlueprintsGroup({ request }: GroupContext) {
  function get(): Promise<BlueprintSummary[]>;
  function get(id: string): Promise<Blueprint>;
  /**
   * Without an id, every blueprint the server ships (as the reference client's `get()` asks for);
   * with one, that blueprint in full (rejects with 404 naming an unknown id). Make an app from one
   * with `apps.createApp({appName, blueprintId})`.
   */
  function get(id?: string): Promise<BlueprintSummary[] | Blueprint> {
    if (id === undefined || id === null || id === '') return request.route(r.list);
    return request.route(r.get, [encodeURIComponent(id)]);
  }
  return { get };
}

/** The `blueprints` group's methods. */
export type BlueprintsGroup = ReturnType<typeof createBlueprintsGroup>;
