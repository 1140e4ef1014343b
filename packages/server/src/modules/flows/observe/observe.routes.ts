import type { FastifyInstance } from 'fastify';
import { DevOperations, Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { authenticateApp } from '../../../http/app-auth.js';
import { assertOperation } from '../../../http/dev-access.js';
import { handle } from '../../../http/route.js';
import type { Engine } from '../engine/runner.js';
import type { AnalyticsService } from './analytics.service.js';
import type { DebugService } from './debug.service.js';
import type { FlowPermissionsService } from './permissions.service.js';

export interface ObserveServices {
  analytics: AnalyticsService;
  debug: DebugService;
  permissions: FlowPermissionsService;
}

/** The console's routes for watching and debugging flows (decision 0075). */
export function registerObserveRoutes(app: FastifyInstance, ctx: ServerContext, s: ObserveServices) {
  const R = Routes.automation;
  const { analytics, debug, permissions } = s;
  handle(app, ctx, R.getFlowVersionMetrics, ({ params: p, query }) =>
    analytics.versionMetrics(p.appId, p.flowId, p.versionId, query),
  );
  handle(app, ctx, R.getFlowStepsMetrics, ({ params: p, query }) =>
    analytics.stepMetrics(p.appId, p.flowId, p.versionId, query),
  );
  handle(app, ctx, R.loadErrorHandlerAnalytics, ({ params: p, query }) =>
    analytics.recordedErrors(p.appId, p.flowId, p.versionId, p.errorHandlerId, query),
  );
  handle(app, ctx, R.cleanFlowVersionAnalytics, ({ params: p }) => analytics.clean(p.appId, p.flowId, p.versionId));
  handle(app, ctx, R.getFlowHistoricalConfig, ({ params: p }) =>
    analytics.historicalConfig(p.appId, p.flowId, p.versionId, p.configId),
  );
  handle(app, ctx, R.loadFlowLogs, ({ params: p, body }) => analytics.logs(p.appId, p.versionId, body ?? {}));
  handle(app, ctx, R.getFlowLogsLevel, ({ params: p }) => analytics.logLevel(p.appId, p.flowId));
  handle(app, ctx, R.updateFlowLogsLevel, ({ params: p, body }) =>
    analytics.setLogLevel(p.appId, p.flowId, body.level),
  );

  handle(app, ctx, R.startDebugSession, ({ params: p, query, developer }) =>
    debug.start(p.appId, p.flowId, p.versionId, developer.id, query.forceStart === true),
  );
  handle(app, ctx, R.stopDebugSession, ({ params: p, query }) =>
    debug.stop(p.appId, p.flowId, p.versionId, query.sessionId),
  );
  handle(app, ctx, R.loadTestMonitorHistory, ({ params: p, query }) =>
    debug.history(p.appId, p.flowId, p.versionId, query.sessionId),
  );
  handle(app, ctx, R.clearTestMonitorHistory, ({ params: p, query }) =>
    debug.clear(p.appId, p.flowId, p.versionId, query.sessionId),
  );
  handle(app, ctx, R.loadDebugExecutionContext, ({ params: p, query }) =>
    debug.context(p.appId, p.flowId, p.versionId, query.sessionId),
  );
  handle(app, ctx, R.updateDebugExecutionContext, ({ params: p, query, body }) =>
    debug.setContext(p.appId, p.flowId, p.versionId, body, query.sessionId),
  );
  handle(app, ctx, R.runElementInDebugMode, ({ params: p, query, body }) =>
    debug.runElement(p.appId, p.flowId, p.versionId, p.elementId, body, query.sessionId),
  );
  handle(app, ctx, R.stopTriggerInDebugMode, ({ params: p, query }) =>
    debug.stopTrigger(p.appId, p.flowId, p.versionId, query.sessionId),
  );
  handle(app, ctx, R.runDebugInstance, ({ params: p, body, developer }) =>
    debug.runInstance(p.appId, p.flowId, p.versionId, developer.id, body),
  );
  handle(app, ctx, R.getElementsResults, ({ params: p }) => debug.elementResults(p.appId, p.flowId, p.versionId));
  handle(app, ctx, R.startLearningMode, ({ params: p }) =>
    debug.startLearning(p.appId, p.flowId, p.versionId, p.elementId),
  );
  handle(app, ctx, R.stopLearningMode, ({ params: p }) =>
    debug.stopLearning(p.appId, p.flowId, p.versionId, p.elementId),
  );
  handle(app, ctx, R.getElementLearningResult, ({ params: p }) =>
    debug.learning(p.appId, p.flowId, p.versionId, p.elementId),
  );
  handle(app, ctx, R.getElementsLearningResults, ({ params: p }) => debug.learnings(p.appId, p.flowId, p.versionId));

  handle(app, ctx, R.getFlowPermissions, ({ params: p, access }) => {
    // A read, which `handle` does not check: the rules are Access Flow Permissions all the same.
    assertOperation(access, DevOperations.FLOW_PERMISSIONS);
    return permissions.get(p.appId, p.flowId);
  });
  handle(app, ctx, R.updateFlowPermissions, ({ params: p, body }) => permissions.set(p.appId, p.flowId, body));
}

/**
 * The app API's read of an execution context (`Automations.loadFlowExecutionContext`): what the
 * instance started with, each element's result by name, its variables and where it is. The caller
 * must be allowed to run the flow.
 */
export function registerObserveAppRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  engine: Engine,
  permissions: FlowPermissionsService,
) {
  app.get<{ Params: { appId: string; apiKey: string; executionId: string } }>(
    '/:appId/:apiKey/automation/flow/execution-context/:executionId',
    async (req) => {
      const caller = await authenticateApp(ctx, req);
      const id = req.params.executionId;
      const inst = await engine.instances.get(id);
      if (!inst || inst.app_id !== caller.appId)
        throw ApiError.notFound(`Flow execution '${id.slice(0, 64)}' does not exist`);
      await permissions.assertMay(caller, { id: inst.flow_id });
      const state = JSON.parse(inst.state) as { trigger?: unknown; results?: unknown; vars?: unknown };
      return {
        executionId: inst.id,
        flowId: inst.flow_id,
        versionId: inst.version_id,
        status: inst.status,
        initialData: JSON.parse(inst.initial_data) as unknown,
        trigger: state.trigger ?? null,
        results: state.results ?? {},
        variables: state.vars ?? {},
        result: inst.result === null ? null : (JSON.parse(inst.result) as unknown),
        error: inst.error === null ? null : (JSON.parse(inst.error) as unknown),
        startedAt: inst.started_at,
        finishedAt: inst.finished_at,
      };
    },
  );
}
