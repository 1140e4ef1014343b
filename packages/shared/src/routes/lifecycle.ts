import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { LifecycleProcessSchema } from '../lifecycle.js';

const app = '/:appId/console/lifecycle';

/**
 * Basalt addition: the one status of every lifecycle process of an app (clone, export, import,
 * reset, backup, restore; decision 0059), so the console's task tray finds them after a reload.
 */
export const lifecycleRoutes = {
  listProcesses: defineRoute({
    name: 'lifecycle.listProcesses',
    method: 'GET',
    path: `${app}/processes`,
    auth: 'developer',
    response: Type.Array(LifecycleProcessSchema),
    summary: "The app's unfinished processes and its last 20 finished ones, newest first",
  }),
  getProcess: defineRoute({
    name: 'lifecycle.getProcess',
    method: 'GET',
    path: `${app}/processes/:processId`,
    auth: 'developer',
    response: LifecycleProcessSchema,
    summary: 'One lifecycle process: status, progress, stage, the new app, the download, the error',
  }),
} satisfies Record<string, RouteDef>;
