/** Query keys of the Flows area; everything of one app sits under `['flows', appId]`. */
export const flowsKeys = {
  app: (appId: string) => ['flows', appId] as const,
  versions: (appId: string) => [...flowsKeys.app(appId), 'versions'] as const,
  version: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'version', versionId] as const,
  allInstances: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'instances', versionId] as const,
  instances: (appId: string, versionId: string, status: string, page: number) =>
    [...flowsKeys.allInstances(appId, versionId), 'list', status, page] as const,
  instance: (appId: string, versionId: string, executionId: string) =>
    [...flowsKeys.allInstances(appId, versionId), 'one', executionId] as const,
  element: (appId: string, versionId: string, executionId: string, elementId: string) =>
    [...flowsKeys.instance(appId, versionId, executionId), 'element', elementId] as const,
  allLogs: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'logs', versionId] as const,
  logs: (appId: string, versionId: string, filters: Record<string, unknown>) =>
    [...flowsKeys.allLogs(appId, versionId), filters] as const,
  logLevel: (appId: string, flowId: string) => [...flowsKeys.app(appId), 'log-level', flowId] as const,
  allMetrics: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'metrics', versionId] as const,
  metrics: (appId: string, versionId: string, from: number, to: number) =>
    [...flowsKeys.allMetrics(appId, versionId), 'version', from, to] as const,
  stepMetrics: (appId: string, versionId: string, from: number, to: number) =>
    [...flowsKeys.allMetrics(appId, versionId), 'steps', from, to] as const,
  handlerErrors: (appId: string, versionId: string, handlerId: string, from: number, to: number) =>
    [...flowsKeys.allMetrics(appId, versionId), 'handler', handlerId, from, to] as const,
  debug: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'debug', versionId] as const,
  debugHistory: (appId: string, versionId: string, sessionId: string) =>
    [...flowsKeys.debug(appId, versionId), 'history', sessionId] as const,
  debugContext: (appId: string, versionId: string, sessionId: string) =>
    [...flowsKeys.debug(appId, versionId), 'context', sessionId] as const,
  calendars: (appId: string) => [...flowsKeys.app(appId), 'sla-calendars'] as const,
  goals: (appId: string, versionId: string) => [...flowsKeys.app(appId), 'sla-goals', versionId] as const,
};
