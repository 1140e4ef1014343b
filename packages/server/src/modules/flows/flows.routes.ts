import type { FastifyInstance } from 'fastify';
import { DevOperations, Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp } from '../../http/app-auth.js';
import { assertOperation } from '../../http/dev-access.js';
import { handle } from '../../http/route.js';
import type { FlowsService } from './flows.service.js';
import type { InstancesService } from './instances.service.js';
import type { Triggers } from './engine/triggers.js';
import type { FlowPermissionsService } from './observe/permissions.service.js';

/** The console's flow routes (`automation` group of the 2.57.2 reference client). */
export function registerFlowRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  flows: FlowsService,
  runs: InstancesService,
) {
  const R = Routes.automation;
  handle(app, ctx, R.getFlows, ({ params }) => flows.list(params.appId));
  handle(app, ctx, R.getFlowsWithElements, ({ params }) => flows.withElements(params.appId));
  handle(app, ctx, R.getFlow, ({ params }) => flows.get(params.appId, params.versionId));
  handle(app, ctx, R.createFlow, ({ params, body }) => flows.create(params.appId, body));
  handle(app, ctx, R.updateFlow, ({ params, body }) => flows.update(params.appId, params.versionId, body));
  handle(app, ctx, R.deleteFlow, async ({ params }) => {
    await flows.removeVersion(params.appId, params.versionId);
    return { success: true };
  });
  handle(app, ctx, R.enableFlow, ({ params }) => flows.enable(params.appId, params.versionId));
  handle(app, ctx, R.pauseFlow, ({ params }) => flows.pause(params.appId, params.versionId));
  handle(app, ctx, R.terminateFlow, ({ params }) => flows.terminate(params.appId, params.versionId));
  handle(app, ctx, R.createNewVersion, ({ params }) => flows.clone(params.appId, params.versionId));
  handle(app, ctx, R.editFlowsGroupName, ({ params, body }) => flows.rename(params.appId, params.flowId, body.name));
  handle(app, ctx, R.deleteFlowsGroup, async ({ params }) => {
    await flows.removeFlow(params.appId, params.flowId);
    return { success: true };
  });
  handle(app, ctx, R.updateFlowDescription, ({ params, body }) =>
    flows.describe(params.appId, params.versionId, body.description),
  );
  handle(app, ctx, R.updateFlowSchedule, ({ params, body }) => flows.schedule(params.appId, params.versionId, body));
  handle(app, ctx, R.exportFlowVersion, ({ params, access }) => {
    // A read, which `handle` does not check: exporting is Version Admin all the same.
    assertOperation(access, DevOperations.FLOW_VERSION_ADMIN);
    return flows.exportVersion(params.appId, params.versionId);
  });
  handle(app, ctx, R.importFlowVersion, ({ params, body }) => flows.importVersion(params.appId, params.flowId, body));
  handle(app, ctx, R.createFlowFromJSON, ({ params, body }) => flows.create(params.appId, body, true));

  handle(app, ctx, R.getFlowInstances, ({ params: p, body }) => runs.find(p.appId, p.flowId, p.versionId, body));
  handle(app, ctx, R.countFlowInstances, ({ params: p, body }) => runs.count(p.appId, p.flowId, p.versionId, body));
  handle(app, ctx, R.getFlowInstanceAnalytics, ({ params: p }) =>
    runs.details(p.appId, p.flowId, p.versionId, p.executionId),
  );
  handle(app, ctx, R.getFlowInstanceInitialData, ({ params: p }) =>
    runs.initialData(p.appId, p.flowId, p.versionId, p.executionId),
  );
  handle(app, ctx, R.getElementExecutionInfo, ({ params: p }) =>
    runs.element(p.appId, p.flowId, p.versionId, p.executionId, p.elementId),
  );
  handle(app, ctx, R.stopFlowInstanceExecution, ({ params: p }) =>
    runs.stop(p.appId, p.flowId, p.versionId, p.executionId),
  );
}

const isRec = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The app API's activation routes, as the `backendless` SDK's `Automations` group sends them:
 * by name (`{name, initialData?}`) and by id (the initial data as the body). Any valid API key
 * of the app may activate a LIVE flow its execution permissions let the caller run (checked in
 * `permissions.assertMay`, decision 0075). Answers `{executionId}`.
 */
export function registerFlowAppRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  triggers: Triggers,
  permissions: FlowPermissionsService,
) {
  type P = { appId: string; apiKey: string };
  app.post<{ Params: P; Body: unknown }>('/:appId/:apiKey/automation/flow/activate-by-name', async (req) => {
    const caller = await authenticateApp(ctx, req);
    const body = req.body;
    if (!isRec(body) || typeof body.name !== 'string' || !body.name)
      throw ApiError.badRequest("Send {name, initialData?}: the flow's name is missing");
    if (body.initialData !== undefined && body.initialData !== null && !isRec(body.initialData))
      throw ApiError.badRequest('initialData must be a JSON object');
    await permissions.assertMay(caller, { name: body.name });
    return triggers.activate(caller.appId, { name: body.name }, body.initialData ?? {});
  });
  app.post<{ Params: P & { flowId: string }; Body: unknown }>(
    '/:appId/:apiKey/automation/flow/:flowId/activate',
    async (req) => {
      const caller = await authenticateApp(ctx, req);
      const body = req.body ?? {};
      if (!isRec(body)) throw ApiError.badRequest('The initial data must be a JSON object');
      await permissions.assertMay(caller, { id: req.params.flowId });
      return triggers.activate(caller.appId, { id: req.params.flowId }, body);
    },
  );
  type Q = { flowName?: unknown; triggerName?: unknown; execution?: unknown };
  const reachOf = (execution: unknown) =>
    execution === undefined || execution === ''
      ? undefined
      : execution === 'any' || execution === 'all'
        ? execution
        : { executionId: String(execution) };
  const dataOf = (body: unknown) => {
    if (body !== undefined && body !== null && !isRec(body))
      throw ApiError.badRequest('The data must be a JSON object');
    return body ?? {};
  };
  // Mid-flow waits (`control.waitForEvent`), as `Automations.activateFlowTrigger(ById)` sends them.
  app.post<{ Params: P; Querystring: Q; Body: unknown }>(
    '/:appId/:apiKey/automation/flow/trigger/activate-by-name',
    async (req) => {
      const caller = await authenticateApp(ctx, req);
      const { flowName, triggerName } = req.query;
      if (typeof flowName !== 'string' || !flowName || typeof triggerName !== 'string' || !triggerName)
        throw ApiError.badRequest("Send the query parameters 'flowName' and 'triggerName'");
      return triggers.activateWait(caller.appId, { name: flowName }, triggerName, undefined, dataOf(req.body));
    },
  );
  app.post<{ Params: P & { flowId: string; triggerId: string }; Querystring: Q; Body: unknown }>(
    '/:appId/:apiKey/automation/flow/:flowId/trigger/:triggerId/activate',
    async (req) => {
      const caller = await authenticateApp(ctx, req);
      const { flowId, triggerId } = req.params;
      return triggers.activateWait(
        caller.appId,
        { id: flowId },
        triggerId,
        reachOf(req.query.execution),
        dataOf(req.body),
      );
    },
  );
}
