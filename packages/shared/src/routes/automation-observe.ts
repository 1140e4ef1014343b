import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';
import { FlowElementSchema, FlowErrorSchema, FlowTransitionSchema } from './automation.js';
import { SlaComplianceSchema } from './automation-sla.js';

/**
 * Watching and debugging flows (issue 19 items 4, 5 and 7; decision 0075): version and step
 * metrics, logs with a level per flow, the definition an instance ran, debug sessions with their
 * history and execution context, learning mode, and who may run a flow. Paths are the 2.57.2
 * reference client's; bodies and answers are Basalt's own (the client passes them through).
 */
const A = '/api/app/:appId/automation';
const V = `${A}/flow/:flowId/version/:versionId`;
const D = `${V}/debug`;
const EDIT = DevOperations.FLOWS;
const LAUNCH = DevOperations.LAUNCH_FLOW;
const ADMIN = DevOperations.FLOW_VERSION_ADMIN;
const Loose = Type.Object({}, { additionalProperties: true });

/** A date range in epoch ms; either end may be left open. Query strings are read as numbers. */
const RangeQuery = Type.Object({
  fromDate: Type.Optional(Type.Number({ minimum: 0 })),
  toDate: Type.Optional(Type.Number({ minimum: 0 })),
});

const Duration = NullableSchema(
  Type.Object({ avg: Type.Number(), p50: Type.Number(), p95: Type.Number(), max: Type.Number() }),
);

/** Instances of a version that started in the range (debug runs never count). */
export const FlowVersionMetricsSchema = Type.Object({
  fromDate: NullableSchema(Type.Number()),
  toDate: NullableSchema(Type.Number()),
  instances: Type.Object({
    total: Type.Integer(),
    running: Type.Integer(),
    waiting: Type.Integer(),
    completed: Type.Integer(),
    failed: Type.Integer(),
    stopped: Type.Integer(),
  }),
  /** Durations of the finished instances (ms); null when none finished. */
  durationMs: Duration,
  /** Each SLA goal of the version over the range, measured in business time. */
  sla: Type.Array(SlaComplianceSchema),
});
export type FlowVersionMetrics = Static<typeof FlowVersionMetricsSchema>;

/** What one element did across the range's instances: every attempt is an execution. */
export const FlowStepMetricsSchema = Type.Object({
  elementId: Type.String(),
  elementName: NullableSchema(Type.String()),
  executions: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  durationMs: Duration,
});
export type FlowStepMetrics = Static<typeof FlowStepMetricsSchema>;

/** An error that reached an error handler: the failed attempt just before the handler ran. */
export const FlowRecordedErrorSchema = Type.Object({
  executionId: Type.String(),
  /** The element that failed. */
  elementId: Type.String(),
  error: NullableSchema(FlowErrorSchema),
  at: Type.Number(),
});

export const FlowHistoricalConfigSchema = Type.Object({
  configId: Type.String(),
  versionId: Type.String(),
  created: Type.Number(),
  elements: Type.Array(FlowElementSchema),
  transitions: Type.Array(FlowTransitionSchema),
});

export const FLOW_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
const LevelSchema = Type.Union(FLOW_LOG_LEVELS.map((l) => Type.Literal(l)));

export const FlowLogEntrySchema = Type.Object({
  id: Type.String(),
  timestamp: Type.Number(),
  level: Type.String(),
  executionId: Type.String(),
  elementId: Type.String(),
  message: Type.String(),
});
export type FlowLogEntry = Static<typeof FlowLogEntrySchema>;

const LogsFindBody = Type.Object(
  {
    filters: Type.Optional(
      Type.Object(
        {
          /** The lowest level shown (`WARN` shows WARN and ERROR), any case. */
          level: Type.Optional(Type.String({ maxLength: 10 })),
          executionId: Type.Optional(Type.String({ maxLength: 64 })),
          elementId: Type.Optional(Type.String({ maxLength: 200 })),
          fromDate: Type.Optional(Type.Number()),
          toDate: Type.Optional(Type.Number()),
        },
        { additionalProperties: true },
      ),
    ),
    pagination: Type.Optional(
      Type.Object(
        {
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          offset: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);

/** One entry of a debug session's history: an element run by hand, or a step of its debug instance. */
export const FlowDebugEventSchema = Type.Object({
  id: Type.String(),
  at: Type.Number(),
  kind: Type.Union([Type.Literal('element'), Type.Literal('step'), Type.Literal('instance')]),
  executionId: NullableSchema(Type.String()),
  elementId: NullableSchema(Type.String()),
  status: Type.String(),
  input: Type.Unknown(),
  output: Type.Unknown(),
  error: NullableSchema(FlowErrorSchema),
});
export type FlowDebugEvent = Static<typeof FlowDebugEventSchema>;

/**
 * What a debug session runs against: the mocked trigger data (`trigger`), results by element name
 * (`results`) and variables (`variables`); element runs add their result to it.
 */
export const FlowDebugContextSchema = Type.Object({
  trigger: Type.Unknown(),
  results: Loose,
  variables: Loose,
});
export type FlowDebugContext = Static<typeof FlowDebugContextSchema>;

export const FlowDebugSessionSchema = Type.Object({
  sessionId: Type.String(),
  versionId: Type.String(),
  startedAt: Type.Number(),
  startedBy: Type.String(),
  context: FlowDebugContextSchema,
});

export const FlowDebugRunSchema = Type.Object({
  sessionId: Type.String(),
  elementId: Type.String(),
  status: Type.Union([Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]),
  input: Type.Unknown(),
  output: Type.Unknown(),
  /** The port the flow would leave by (`out`, `yes`, `no` …); null after a failure. */
  port: NullableSchema(Type.String()),
  error: NullableSchema(FlowErrorSchema),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
});

export const FlowLearningSchema = Type.Object({
  elementId: Type.String(),
  status: Type.Union([Type.Literal('LEARNING'), Type.Literal('LEARNED'), Type.Literal('STOPPED')]),
  sample: Type.Unknown(),
  /** JSON schema inferred from the sample (types per field; arrays from their first items). */
  schema: Type.Unknown(),
  updated: Type.Number(),
});

export const FlowPermissionSchema = Type.Union([Type.Literal('GRANT'), Type.Literal('DENY')]);
/** Who may run a flow (all its versions): rules per role and per user; without one, granted. */
export const FlowPermissionsSchema = Type.Object({
  roles: Type.Array(Type.Object({ role: Type.String({ minLength: 1, maxLength: 100 }), access: FlowPermissionSchema })),
  users: Type.Array(
    Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }), access: FlowPermissionSchema }),
  ),
});
export type FlowPermissions = Static<typeof FlowPermissionsSchema>;

const SessionQuery = Type.Object({ sessionId: Type.Optional(Type.String({ maxLength: 64 })) });

export const automationObserveRoutes = {
  getFlowVersionMetrics: defineRoute({
    name: 'automation.getFlowVersionMetrics',
    method: 'GET',
    path: `${V}/analytics/version-metrics`,
    auth: 'developer',
    query: RangeQuery,
    response: FlowVersionMetricsSchema,
    summary: 'Instances by status and their durations over a date range',
  }),
  getFlowStepsMetrics: defineRoute({
    name: 'automation.getFlowStepsMetrics',
    method: 'GET',
    path: `${V}/analytics/step-metrics`,
    auth: 'developer',
    query: RangeQuery,
    response: Type.Array(FlowStepMetricsSchema),
    summary: 'Per element: executions, failures and durations over a date range',
  }),
  loadErrorHandlerAnalytics: defineRoute({
    name: 'automation.loadErrorHandlerAnalytics',
    method: 'GET',
    path: `${V}/analytics/error-handler/:errorHandlerId/recorded-errors`,
    auth: 'developer',
    query: RangeQuery,
    response: Type.Object({ data: Type.Array(FlowRecordedErrorSchema), totalCount: Type.Integer() }),
    summary: 'Errors that reached the given error-handler element',
  }),
  cleanFlowVersionAnalytics: defineRoute({
    name: 'automation.cleanFlowVersionAnalytics',
    method: 'DELETE',
    path: `${V}/analytics`,
    auth: 'developer',
    devPermission: ADMIN,
    response: Type.Object({ deleted: Type.Integer() }),
    summary: 'Deletes the finished instances of a version with their steps and logs',
  }),
  getFlowHistoricalConfig: defineRoute({
    name: 'automation.getFlowHistoricalConfig',
    method: 'GET',
    path: `${V}/analytics/version-history/:configId`,
    auth: 'developer',
    response: FlowHistoricalConfigSchema,
    summary: 'The definition an instance ran with (its configId)',
  }),
  loadFlowLogs: defineRoute({
    name: 'automation.loadFlowLogs',
    method: 'POST',
    path: `${A}/flow/version/:versionId/logs/find`,
    auth: 'developer',
    params: Type.Object({ appId: Type.String(), versionId: Type.String({ maxLength: 64 }) }),
    body: LogsFindBody,
    response: Type.Object({ data: Type.Array(FlowLogEntrySchema), totalCount: Type.Integer() }),
  }),
  getFlowLogsLevel: defineRoute({
    name: 'automation.getFlowLogsLevel',
    method: 'GET',
    path: `${A}/:flowId/logging/level`,
    auth: 'developer',
    response: Type.Object({ level: LevelSchema }),
  }),
  updateFlowLogsLevel: defineRoute({
    name: 'automation.updateFlowLogsLevel',
    method: 'PUT',
    path: `${A}/:flowId/logging/level`,
    auth: 'developer',
    devPermission: EDIT,
    body: Type.Object({ level: Type.String({ maxLength: 10 }) }, { additionalProperties: true }),
    response: Type.Object({ level: LevelSchema }),
    summary: 'The lowest level a flow’s log lines are kept at (all its versions)',
  }),
  startDebugSession: defineRoute({
    name: 'automation.startDebugSession',
    method: 'POST',
    path: `${D}/test-monitor/start-session`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: Type.Object(
      { forceStart: Type.Optional(Type.Boolean()), fromSubFlowElementId: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    response: FlowDebugSessionSchema,
    summary: 'Opens the version’s debug session (409 while another is open, unless forceStart)',
  }),
  stopDebugSession: defineRoute({
    name: 'automation.stopDebugSession',
    method: 'DELETE',
    path: `${D}/test-monitor/stop-session`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: SessionQuery,
    response: SuccessSchema,
  }),
  loadTestMonitorHistory: defineRoute({
    name: 'automation.loadTestMonitorHistory',
    method: 'GET',
    path: `${D}/test-monitor/history`,
    auth: 'developer',
    query: SessionQuery,
    response: Type.Array(FlowDebugEventSchema),
    summary: 'What the session ran, oldest first (the same events its socket room streams)',
  }),
  clearTestMonitorHistory: defineRoute({
    name: 'automation.clearTestMonitorHistory',
    method: 'DELETE',
    path: `${D}/test-monitor/history`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: SessionQuery,
    response: SuccessSchema,
  }),
  loadDebugExecutionContext: defineRoute({
    name: 'automation.loadDebugExecutionContext',
    method: 'GET',
    path: `${D}/test-monitor/execution-context`,
    auth: 'developer',
    query: SessionQuery,
    response: FlowDebugContextSchema,
  }),
  updateDebugExecutionContext: defineRoute({
    name: 'automation.updateDebugExecutionContext',
    method: 'PUT',
    path: `${D}/test-monitor/execution-context`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: SessionQuery,
    body: Loose,
    response: FlowDebugContextSchema,
    summary: 'Replaces the session’s mocked data: {trigger, results, variables}',
  }),
  runElementInDebugMode: defineRoute({
    name: 'automation.runElementInDebugMode',
    method: 'POST',
    path: `${D}/run/element/:elementId`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: SessionQuery,
    body: Type.Optional(Loose),
    response: FlowDebugRunSchema,
    summary: 'Runs one element against the session’s context (no instance; record writes are real)',
  }),
  stopTriggerInDebugMode: defineRoute({
    name: 'automation.stopTriggerInDebugMode',
    method: 'DELETE',
    path: `${D}/stop/trigger/:triggerId`,
    auth: 'developer',
    devPermission: LAUNCH,
    query: SessionQuery,
    response: Type.Object({ stopped: Type.Integer() }),
    summary: 'Stops the session’s debug instances that are still running or waiting',
  }),
  runDebugInstance: defineRoute({
    name: 'automation.runDebugInstance',
    method: 'POST',
    path: `${D}/test-monitor/instance/run-new`,
    auth: 'developer',
    devPermission: LAUNCH,
    body: Type.Optional(Loose),
    response: Type.Object({ executionId: Type.String(), sessionId: Type.String() }),
    summary: 'Runs the version’s current definition as a debug instance, kept out of analytics',
  }),
  getElementsResults: defineRoute({
    name: 'automation.getElementsResults',
    method: 'GET',
    path: `${D}/element/results`,
    auth: 'developer',
    response: Type.Array(FlowDebugEventSchema),
    summary: 'The last debug result of each element in the version’s open session',
  }),
  startLearningMode: defineRoute({
    name: 'automation.startLearningMode',
    method: 'POST',
    path: `${D}/element/:elementId/learning/start`,
    auth: 'developer',
    devPermission: LAUNCH,
    response: FlowLearningSchema,
  }),
  stopLearningMode: defineRoute({
    name: 'automation.stopLearningMode',
    method: 'POST',
    path: `${D}/element/:elementId/learning/stop`,
    auth: 'developer',
    devPermission: LAUNCH,
    response: FlowLearningSchema,
  }),
  getElementLearningResult: defineRoute({
    name: 'automation.getElementLearningResult',
    method: 'GET',
    path: `${D}/element/:elementId/learning/result`,
    auth: 'developer',
    response: FlowLearningSchema,
  }),
  getElementsLearningResults: defineRoute({
    name: 'automation.getElementsLearningResults',
    method: 'GET',
    path: `${D}/element/learning/all-results`,
    auth: 'developer',
    response: Type.Array(FlowLearningSchema),
  }),
  // Basalt-only (the reference client has no route for them): flow execution permissions.
  getFlowPermissions: defineRoute({
    name: 'automation.getFlowPermissions',
    method: 'GET',
    path: `${A}/flow/:flowId/permissions`,
    auth: 'developer',
    devPermission: DevOperations.FLOW_PERMISSIONS,
    response: FlowPermissionsSchema,
    summary: 'Who may run the flow from the app API (Basalt-only)',
  }),
  updateFlowPermissions: defineRoute({
    name: 'automation.updateFlowPermissions',
    method: 'PUT',
    path: `${A}/flow/:flowId/permissions`,
    auth: 'developer',
    devPermission: DevOperations.FLOW_PERMISSIONS,
    body: FlowPermissionsSchema,
    response: FlowPermissionsSchema,
    summary: 'Replaces the flow’s execution rules per role and user (Basalt-only)',
  }),
};
