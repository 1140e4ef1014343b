/** Query keys of the Cloud Code area; everything of one app sits under `['code', appId]`. */
export const codeKeys = {
  app: (appId: string) => ['code', appId] as const,
  services: (appId: string) => [...codeKeys.app(appId), 'services'] as const,
  methods: (appId: string, serviceId: string) => [...codeKeys.app(appId), 'methods', serviceId] as const,
  serviceConfig: (appId: string, serviceId: string) => [...codeKeys.app(appId), 'config', serviceId] as const,
  models: (appId: string) => [...codeKeys.app(appId), 'models'] as const,
  drafts: (appId: string, language: string, model: string) =>
    [...codeKeys.app(appId), 'drafts', language, model] as const,
  draftFile: (appId: string, language: string, model: string, fileId: string) =>
    [...codeKeys.app(appId), 'drafts', language, model, 'file', fileId] as const,
  deployments: (appId: string, language: string, model: string) =>
    [...codeKeys.app(appId), 'deployments', language, model] as const,
  handlers: (appId: string) => [...codeKeys.app(appId), 'handlers'] as const,
  categories: (appId: string) => [...codeKeys.app(appId), 'categories'] as const,
  events: (appId: string) => [...codeKeys.app(appId), 'events'] as const,
  chain: (appId: string, eventId: string, context: string) =>
    [...codeKeys.app(appId), 'chain', eventId, context] as const,
  codelessServices: (appId: string) => [...codeKeys.app(appId), 'codeless', 'services'] as const,
  codelessLogic: (appId: string, serviceId: string, methodId: string) =>
    [...codeKeys.app(appId), 'codeless', 'logic', serviceId, methodId] as const,
  codelessItemLogic: (appId: string, model: string, type: string, id: string) =>
    [...codeKeys.app(appId), 'codeless', 'item-logic', model, type, id] as const,
  codelessFunctions: (appId: string) => [...codeKeys.app(appId), 'codeless', 'functions'] as const,
  codelessFunction: (appId: string, functionId: string) =>
    [...codeKeys.app(appId), 'codeless', 'functions', functionId] as const,
  codelessApiServices: (appId: string) => [...codeKeys.app(appId), 'codeless', 'api-services'] as const,
  timerLogs: (appId: string, timer: string, page: number) =>
    [...codeKeys.app(appId), 'timer-logs', timer, page] as const,
};
