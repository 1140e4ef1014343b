import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';

/**
 * Automation flows (the `automation` group of the 2.57.2 reference client): flows, their versions,
 * instances and the per-element execution record. The reference client passes every body through,
 * so the shapes here are Basalt's own (issue 19, "Shapes we fix"; decision 0067).
 */
const A = '/api/app/:appId/automation';
const V = `${A}/flow/:flowId/version/:versionId`;
const EDIT = DevOperations.FLOWS;
const LAUNCH = DevOperations.LAUNCH_FLOW;
const ADMIN = DevOperations.FLOW_VERSION_ADMIN;

/** The element types the engine runs; anything else saves the version as NOT_READY. */
export const FLOW_ELEMENT_TYPES = [
  'trigger.data',
  'trigger.api',
  'trigger.schedule',
  'trigger.userRegistered',
  'trigger.message',
  'control.condition',
  'control.delay',
  'control.waitForEvent',
  'control.returnResult',
  'action.createRecord',
  'action.updateRecord',
  'action.findRecords',
  'action.http',
  'action.log',
  'action.aiAssistant',
  'action.aiAgent',
  'action.deleteRecord',
  'action.publish',
  'action.sendEmail',
  'action.callService',
  'action.setVariables',
  'action.assignName',
  'action.sharedGet',
  'action.sharedSet',
  'action.callFlow',
  'action.subFlow',
  'action.transform',
  'control.router',
  'control.forEach',
  'control.repeat',
  'control.parallel',
  'control.join',
] as const;
export type FlowElementType = (typeof FLOW_ELEMENT_TYPES)[number];

/**
 * The config of each action and control element type (values may be `{{ }}` templates, except a
 * transformer's JSONata `expression`). Triggers' configs are the triggers' own.
 */
export interface FlowElementConfigs {
  'control.condition': {
    left: unknown;
    operator: '=' | '!=' | '>' | '>=' | '<' | '<=' | 'contains' | 'isEmpty';
    right?: unknown;
  };
  'control.delay': { seconds: number };
  'control.returnResult': { values: Record<string, unknown> };
  /** Ports: each route's `port` (default: the value as text), the default port, `error`. */
  'control.router': { value: unknown; routes: Array<{ value: unknown; port?: string }>; default?: string };
  /** Ports `body` (per item, `$iteration {index, item}`), `out` (answers `{count}`), `error`; at most 1000 items. */
  'control.forEach': { list: unknown };
  /** Ports `body`, `out` (answers `{iterations, limitReached}`), `error`; `maxIterations` 1 to 10 000 is the failsafe. */
  'control.repeat': { while: unknown; maxIterations: number };
  /** Ports `branch-1` … `branch-16`: every wired branch starts. */
  'control.parallel': Record<string, never>;
  /** Goes on once a token came in on every transition leading to it. */
  'control.join': Record<string, never>;
  'action.createRecord': { table: string; values: Record<string, unknown> };
  'action.updateRecord': { table: string; objectId: string; changes: Record<string, unknown> };
  'action.findRecords': { table: string; where?: string; pageSize?: number };
  'action.deleteRecord': { table: string; objectId: string };
  'action.http': {
    url: string;
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
    headers?: Record<string, unknown>;
    body?: unknown;
    retry?: { count: number; delayMs: number };
  };
  'action.log': { level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'; message: unknown };
  'action.publish': { channel: string; message: unknown; headers?: Record<string, unknown>; subtopic?: string };
  'action.sendEmail': {
    template: string;
    values?: Record<string, unknown>;
    to?: string[];
    cc?: string[];
    bcc?: string[];
    /** A where clause over Users: their emails are recipients too. */
    criteria?: string;
  };
  'action.callService': { service: string; method: string; args?: unknown };
  'action.setVariables': { values: Record<string, unknown> };
  'action.assignName': { name: unknown };
  'action.sharedGet': { key: string; default?: unknown };
  'action.sharedSet': { key: string; value: unknown; ttlSeconds?: number };
  /** Starts a flow (name or id, API trigger) and goes on: answers `{executionId}`. */
  'action.callFlow': { flow: string; data?: Record<string, unknown> };
  /** Starts a flow and waits for it to end: answers its Return Result. */
  'action.subFlow': { flow: string; data?: Record<string, unknown> };
  /** JSONata over `input` with `$trigger`, `$vars`, `$results` … bound; 1 s and 256 KB at most. */
  'action.transform': { expression: string; input?: unknown };
}

/**
 * Output ports a transition may leave from. A loop's `body` runs per iteration; a parallel
 * element's ports are `branch-1` … `branch-16`; a router's are named by its routes (and its
 * default port, `default` unless named).
 */
export const FLOW_PORTS = ['out', 'yes', 'no', 'error', 'timeout', 'body'] as const;

/** One block of a flow: `config` keys depend on `type` (see FLOW_ELEMENT_TYPES). */
export const FlowElementSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  config: Type.Object({}, { additionalProperties: true }),
  /** Where the console's canvas draws the element; kept with the version, never read by the engine. */
  position: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() })),
});
/** `config` is open: its keys depend on the element's type. */
export type FlowElement = Omit<Static<typeof FlowElementSchema>, 'config'> & { config: Record<string, unknown> };

/** An edge of the graph: from an element's port to the next element. */
export const FlowTransitionSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  port: Type.String(),
});
export type FlowTransition = Static<typeof FlowTransitionSchema>;

/** Why a version is NOT_READY; `elementId` is null for a problem of the whole flow. */
export const FlowValidationErrorSchema = Type.Object({
  elementId: NullableSchema(Type.String()),
  message: Type.String(),
});
export type FlowValidationError = Static<typeof FlowValidationErrorSchema>;

export const FlowVersionStatusSchema = Type.Union([
  Type.Literal('READY'),
  Type.Literal('NOT_READY'),
  Type.Literal('LIVE'),
  Type.Literal('PAUSED'),
]);
export type FlowVersionStatus = Static<typeof FlowVersionStatusSchema>;

const Loose = Type.Object({}, { additionalProperties: true });

/** A flow version as every route answers it. */
export const FlowVersionSchema = Type.Object({
  id: Type.String(),
  flowId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  versionNumber: Type.Integer(),
  status: FlowVersionStatusSchema,
  validationErrors: Type.Array(FlowValidationErrorSchema),
  elements: Type.Array(FlowElementSchema),
  transitions: Type.Array(FlowTransitionSchema),
  /** Free-form schedule settings kept with the version (exported and cloned with it). */
  schedule: NullableSchema(Loose),
  created: Type.Number(),
  updated: NullableSchema(Type.Number()),
});
export type FlowVersion = Static<typeof FlowVersionSchema>;

/**
 * A definition as `createFlow`, `updateFlow`, imports and exports carry it. Elements and
 * transitions are checked by the server, not by this schema: a malformed one is saved with the
 * version as NOT_READY and named in `validationErrors`.
 */
export const FlowDefinitionBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    elements: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 500 })),
    transitions: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 2000 })),
    schedule: Type.Optional(NullableSchema(Loose)),
  },
  { additionalProperties: true },
);
export type FlowDefinitionInput = Static<typeof FlowDefinitionBody>;

/** What `exportFlowVersion` answers and the imports take back. */
export const FlowExportSchema = Type.Object({
  format: Type.Literal('basalt.flow'),
  formatVersion: Type.Literal(1),
  name: Type.String(),
  description: Type.String(),
  elements: Type.Array(FlowElementSchema),
  transitions: Type.Array(FlowTransitionSchema),
  schedule: NullableSchema(Loose),
});
export type FlowExport = Static<typeof FlowExportSchema>;

/** A version as the pickers list it: its elements without their config. */
export const FlowWithElementsSchema = Type.Object({
  id: Type.String(),
  flowId: Type.String(),
  name: Type.String(),
  status: FlowVersionStatusSchema,
  elements: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() })),
});

export const FlowInstanceStatusSchema = Type.Union([
  Type.Literal('RUNNING'),
  Type.Literal('WAITING'),
  Type.Literal('COMPLETED'),
  Type.Literal('FAILED'),
  Type.Literal('STOPPED'),
]);
export type FlowInstanceStatus = Static<typeof FlowInstanceStatusSchema>;

/** An element's failure as the error port's handler and the instance see it. */
export const FlowErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  /** The failing element's name. */
  source: Type.String(),
});
export type FlowError = Static<typeof FlowErrorSchema>;

/**
 * An app's flow settings: finished instances (COMPLETED, FAILED, STOPPED) and their steps are
 * removed this many days after they finished (default 30).
 */
export const FlowSettingsSchema = Type.Object({ retentionDays: Type.Integer() });
export type FlowSettings = Static<typeof FlowSettingsSchema>;

export const FlowInstanceSchema = Type.Object({
  executionId: Type.String(),
  status: FlowInstanceStatusSchema,
  startedAt: Type.Number(),
  finishedAt: NullableSchema(Type.Number()),
  error: Type.Optional(FlowErrorSchema),
});
export type FlowInstance = Static<typeof FlowInstanceSchema>;

const InstancesFindBody = Type.Object(
  {
    /** One status or several, any case (`'completed'` as the reference client's specs send it). */
    status: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Array(Type.String({ maxLength: 20 }))])),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Alias of `pageSize`. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Started at or after / before this time (epoch ms). */
    fromDate: Type.Optional(Type.Number({ minimum: 0 })),
    toDate: Type.Optional(Type.Number({ minimum: 0 })),
    /** Debug runs are left out unless asked for (`true`: only them). */
    debug: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export const FlowAttemptSchema = Type.Object({
  status: Type.Union([Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
  error: Type.Optional(FlowErrorSchema),
});

export const ElementExecutionSchema = Type.Object({
  input: Type.Unknown(),
  output: Type.Unknown(),
  attempts: Type.Array(FlowAttemptSchema),
});
export type ElementExecution = Static<typeof ElementExecutionSchema>;

/** One instance with the steps it took, in order. */
export const FlowInstanceDetailsSchema = Type.Object({
  executionId: Type.String(),
  flowId: Type.String(),
  versionId: Type.String(),
  /** The definition it ran with (`getFlowHistoricalConfig`). */
  configId: Type.String(),
  /** Set on a debug run: the debug session it belongs to. */
  debugSessionId: NullableSchema(Type.String()),
  status: FlowInstanceStatusSchema,
  startedAt: Type.Number(),
  finishedAt: NullableSchema(Type.Number()),
  error: Type.Optional(FlowErrorSchema),
  result: Type.Unknown(),
  steps: Type.Array(
    Type.Object({
      elementId: Type.String(),
      status: Type.Union([Type.Literal('SUCCEEDED'), Type.Literal('FAILED')]),
      startedAt: Type.Number(),
      finishedAt: Type.Number(),
    }),
  ),
});

const versionParams = Type.Object({ appId: Type.String(), versionId: Type.String({ maxLength: 64 }) });
const FlowVersionList = Type.Array(FlowVersionSchema);

export const automationRoutes = {
  getFlows: defineRoute({
    name: 'automation.getFlows',
    method: 'GET',
    path: `${A}/flow/version`,
    auth: 'developer',
    response: FlowVersionList,
    summary: 'Every version of every flow of the app',
  }),
  getFlowsWithElements: defineRoute({
    name: 'automation.getFlowsWithElements',
    method: 'GET',
    path: `${A}/flow/version/with-elements`,
    auth: 'developer',
    response: Type.Array(FlowWithElementsSchema),
    summary: 'Versions with their elements, for pickers',
  }),
  getFlow: defineRoute({
    name: 'automation.getFlow',
    method: 'GET',
    path: `${A}/flow/version/:versionId`,
    auth: 'developer',
    params: versionParams,
    response: FlowVersionSchema,
  }),
  createFlow: defineRoute({
    name: 'automation.createFlow',
    method: 'POST',
    path: `${A}/flow/version`,
    auth: 'developer',
    devPermission: EDIT,
    body: FlowDefinitionBody,
    response: FlowVersionSchema,
    summary: 'A new flow with its first version, validated to READY or NOT_READY',
  }),
  updateFlow: defineRoute({
    name: 'automation.updateFlow',
    method: 'PUT',
    path: `${A}/flow/version/:versionId`,
    auth: 'developer',
    devPermission: EDIT,
    params: versionParams,
    body: FlowDefinitionBody,
    response: FlowVersionSchema,
    summary: 'Replaces a version’s definition (409 while LIVE or PAUSED)',
  }),
  deleteFlow: defineRoute({
    name: 'automation.deleteFlow',
    method: 'DELETE',
    path: `${A}/flow/version/:versionId`,
    auth: 'developer',
    devPermission: ADMIN,
    params: versionParams,
    summary: 'Deletes a version with its instances (409 while LIVE or PAUSED)',
    response: SuccessSchema,
  }),
  enableFlow: defineRoute({
    name: 'automation.enableFlow',
    method: 'POST',
    path: `${A}/flow/version/:versionId/enable`,
    auth: 'developer',
    devPermission: LAUNCH,
    params: versionParams,
    response: FlowVersionSchema,
  }),
  pauseFlow: defineRoute({
    name: 'automation.pauseFlow',
    method: 'POST',
    path: `${A}/flow/version/:versionId/pause`,
    auth: 'developer',
    devPermission: LAUNCH,
    params: versionParams,
    response: FlowVersionSchema,
  }),
  terminateFlow: defineRoute({
    name: 'automation.terminateFlow',
    method: 'POST',
    path: `${A}/flow/version/:versionId/terminate`,
    auth: 'developer',
    devPermission: LAUNCH,
    params: versionParams,
    response: FlowVersionSchema,
  }),
  createNewVersion: defineRoute({
    name: 'automation.createNewVersion',
    method: 'POST',
    path: `${A}/flow/version/:versionId/new-version`,
    auth: 'developer',
    devPermission: ADMIN,
    params: versionParams,
    response: FlowVersionSchema,
    summary: 'Clones a version (definition and schedule) as the flow’s next version',
  }),
  editFlowsGroupName: defineRoute({
    name: 'automation.editFlowsGroupName',
    method: 'PUT',
    path: `${A}/flow/:flowId/name`,
    auth: 'developer',
    devPermission: EDIT,
    body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Object({ flowId: Type.String(), name: Type.String() }),
  }),
  deleteFlowsGroup: defineRoute({
    name: 'automation.deleteFlowsGroup',
    method: 'DELETE',
    path: `${A}/flow/:flowId`,
    auth: 'developer',
    devPermission: EDIT,
    summary: 'Deletes a flow with every version (409 while one is LIVE or PAUSED)',
    response: SuccessSchema,
  }),
  updateFlowDescription: defineRoute({
    name: 'automation.updateFlowDescription',
    method: 'PUT',
    path: `${A}/flow/version/:versionId/description`,
    auth: 'developer',
    devPermission: EDIT,
    params: versionParams,
    body: Type.Object({ description: Type.String({ maxLength: 5000 }) }),
    response: FlowVersionSchema,
  }),
  updateFlowSchedule: defineRoute({
    name: 'automation.updateFlowSchedule',
    method: 'PUT',
    path: `${A}/flow/version/:versionId/schedule`,
    auth: 'developer',
    devPermission: ADMIN,
    params: versionParams,
    body: Loose,
    response: FlowVersionSchema,
  }),
  exportFlowVersion: defineRoute({
    name: 'automation.exportFlowVersion',
    method: 'GET',
    path: `${A}/flow/version/:versionId/export`,
    auth: 'developer',
    devPermission: ADMIN,
    params: versionParams,
    response: FlowExportSchema,
  }),
  importFlowVersion: defineRoute({
    name: 'automation.importFlowVersion',
    method: 'POST',
    path: `${A}/flow/:flowId/import`,
    auth: 'developer',
    devPermission: EDIT,
    body: FlowDefinitionBody,
    response: FlowVersionSchema,
    summary: 'An export as a new version of the flow (the path takes the flow’s id or one of its versions’)',
  }),
  createFlowFromJSON: defineRoute({
    name: 'automation.createFlowFromJSON',
    method: 'POST',
    path: `${A}/flow/import`,
    auth: 'developer',
    devPermission: EDIT,
    body: FlowDefinitionBody,
    response: FlowVersionSchema,
  }),
  getFlowInstances: defineRoute({
    name: 'automation.getFlowInstances',
    method: 'POST',
    path: `${V}/analytics/instances/find`,
    auth: 'developer',
    body: InstancesFindBody,
    response: Type.Object({ data: Type.Array(FlowInstanceSchema), totalCount: Type.Integer() }),
  }),
  countFlowInstances: defineRoute({
    name: 'automation.countFlowInstances',
    method: 'POST',
    path: `${V}/analytics/instances/count`,
    auth: 'developer',
    body: InstancesFindBody,
    response: Type.Integer(),
  }),
  getFlowInstanceAnalytics: defineRoute({
    name: 'automation.getFlowInstanceAnalytics',
    method: 'GET',
    path: `${V}/analytics/instances/:executionId`,
    auth: 'developer',
    response: FlowInstanceDetailsSchema,
  }),
  getFlowInstanceInitialData: defineRoute({
    name: 'automation.getFlowInstanceInitialData',
    method: 'GET',
    path: `${V}/analytics/instances/:executionId/initial-and-static-data`,
    auth: 'developer',
    response: Type.Object({ initialData: Type.Unknown(), staticData: Loose }),
  }),
  getElementExecutionInfo: defineRoute({
    name: 'automation.getElementExecutionInfo',
    method: 'GET',
    path: `${V}/analytics/instances/:executionId/element/:elementId`,
    auth: 'developer',
    response: ElementExecutionSchema,
  }),
  stopFlowInstanceExecution: defineRoute({
    name: 'automation.stopFlowInstanceExecution',
    method: 'POST',
    path: `${V}/instances/:executionId/stop`,
    auth: 'developer',
    devPermission: LAUNCH,
    response: FlowInstanceSchema,
  }),
  /** Basalt's own: how long finished instances are kept (decision 0072). */
  getFlowSettings: defineRoute({
    name: 'automation.getFlowSettings',
    method: 'GET',
    path: `${A}/settings`,
    auth: 'developer',
    response: FlowSettingsSchema,
  }),
  updateFlowSettings: defineRoute({
    name: 'automation.updateFlowSettings',
    method: 'PUT',
    path: `${A}/settings`,
    auth: 'developer',
    devPermission: EDIT,
    body: Type.Object({ retentionDays: Type.Integer({ minimum: 1, maximum: 3650 }) }),
    response: FlowSettingsSchema,
  }),
};
