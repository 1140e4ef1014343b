import { Routes, type LifecycleProcess } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.lifecycle;

/**
 * Basalt addition: the status of an app's lifecycle processes (clone, export, import, reset,
 * backup, restore), one shape for all, so a task tray can find them after a reload.
 */
export function createLifecycleGroup({ request }: GroupContext) {
  return {
    /** The app's unfinished processes and its last 20 finished ones, newest first. */
    listProcesses(appId: string): Promise<LifecycleProcess[]> {
      return request.route(r.listProcesses, [appId]);
    },

    /** One process: status, progress 0..100, stage, new app, download, error. */
    getProcess(appId: string, processId: string): Promise<LifecycleProcess> {
      return request.route(r.getProcess, [appId, encodeURIComponent(processId)]);
    },
  };
}

/** The `lifecycle` group's methods. */
export type LifecycleGroup = ReturnType<typeof createLifecycleGroup>;
