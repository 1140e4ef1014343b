import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import type { Query } from '../transport/encode.js';
import type { GroupContext } from './group-context.js';

const r = Routes.bl;

/** Answer of a `bl` route. */
type Answer<K extends keyof typeof r> = ResponseOf<(typeof r)[K]>;

/** Handler modes as the reference client names them. */
const MARKETPLACE = 'MARKETPLACE';
const PRODUCTION = 'PRODUCTION';

/** `a b/c#d.js` → `a%20b/c%23d.js`: each part of a draft path on its own, as the reference client sends it. */
const encodeFilePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The handler or timer category segment: `TIMER` or none → `timers`, anything else → `events`. */
const categorySegment = (category?: string | null) => (!category || category === 'TIMER' ? 'timers' : 'events');

type Record_ = Record<string, unknown>;

/** A service config item with `displayName` read as `label` (the reference client's normalisation). */
function normaliseConfigItem<T extends Record_>(item: T): Record_ {
  const out: Record_ = {};
  for (const [key, value] of Object.entries(item)) out[key === 'displayName' ? 'label' : key] = value;
  return out;
}

/** A listed service with its `configuration` moved to `configDescriptions`. */
export type NormalisedService<S> = Omit<S, 'configuration'> & { configDescriptions?: Record_[] };

function normaliseService<S extends { configuration?: Record_[] }>(service: S): NormalisedService<S> {
  if (!service.configuration) return service;
  const { configuration, ...rest } = service;
  return { ...rest, configDescriptions: configuration.map(normaliseConfigItem) };
}

/** One operation of a service spec, keyed by its operationId, with its path and verb. */
export interface SpecMethod extends Record_ {
  id: string;
  path: string;
  type: string;
  operationId: string;
}

/** `getServiceSpec`'s default answer: the spec's own fields, and its operations by id. */
export interface ParsedServiceSpec {
  summary: Record_;
  methods: Record<string, SpecMethod>;
}

function parseServiceSpec(spec: Record_): ParsedServiceSpec {
  const { paths, ...summary } = spec;
  const methods: Record<string, SpecMethod> = {};
  for (const [path, verbs] of Object.entries((paths ?? {}) as Record<string, Record<string, Record_>>)) {
    for (const [type, body] of Object.entries(verbs)) {
      const id = String(body.operationId);
      methods[id] = { ...body, path, type, id, operationId: id };
    }
  }
  return { summary, methods };
}

/** A handler as the console holds it: MARKETPLACE ones read as PRODUCTION with `fromMarketplace`. */
export interface HandlerLike extends Record_ {
  id?: string;
  mode: string;
  category?: string | null;
  fromMarketplace?: boolean;
  timername?: string;
}

function normaliseHandler<H extends Record_>(handler: H): H & { fromMarketplace?: boolean } {
  if (handler.mode !== MARKETPLACE) return handler;
  return { ...handler, mode: PRODUCTION, fromMarketplace: true };
}

/** Cloud code: API services, models, drafts, deploys, event handlers and timers (`bl` group). */
export function createBlGroup({ request, context }: GroupContext) {
  const handlersPath = (appId: string, mode: string, category?: string | null) =>
    `/${appId}/console/servercode/${mode.toLowerCase()}/${categorySegment(category)}`;

  return {
    /** The app's API services; each one's `configuration` comes back as `configDescriptions` (`displayName` → `label`). */
    async getServices(appId: string) {
      const services = await request.route(r.getServices, [appId]);
      return services.map(normaliseService);
    },

    /** A service's OpenAPI document, by default turned into `{summary, methods}` keyed by operationId. */
    getServiceSpec(
      appId: string,
      serviceId: string,
      transformSpec = true,
    ): Promise<ParsedServiceSpec | Answer<'getServiceSpec'>> {
      const spec = request.route(r.getServiceSpec, [appId, serviceId]);
      return transformSpec ? spec.then((s) => parseServiceSpec(s as Record_)) : spec;
    },

    /** A service's methods with their verbs, paths and parameters. */
    getServiceMethods(appId: string, serviceId: string) {
      return request.route(r.getServiceMethods, [appId, serviceId]);
    },

    /** Creates a JS service: its class in a new draft file of the model. */
    createJsService(
      appId: string,
      service: { name: string; model?: string; description?: string; [key: string]: unknown },
    ) {
      return request.route(r.createJsService, [appId], { body: service, cacheTags: [CacheTags.BL_MODELS(appId)] });
    },

    /** Deletes a service (the reference sends the id wrapped in an array). */
    deleteService(appId: string, serviceId: string) {
      return request.route(r.deleteService, [appId], { body: [serviceId] });
    },

    updateService(appId: string, serviceId: string, updates: { description?: string; [key: string]: unknown }) {
      return request.route(r.updateService, [appId, serviceId], { body: updates });
    },

    /** Chooses the model whose copy of a service answers the app API. */
    updateServiceDefaultModel(
      appId: string,
      updates: { model: string; serviceId?: string; serviceName?: string; name?: string },
    ) {
      return request.route(r.updateServiceDefaultModel, [appId], { body: updates });
    },

    /** A service's declared configuration items with their values (secrets masked). */
    loadServiceConfig(appId: string, serviceId: string) {
      return request.route(r.loadServiceConfig, [appId, serviceId]);
    },

    setServiceConfig(appId: string, serviceId: string, config: Record_[] | Record_) {
      return request.route(r.setServiceConfig, [appId, serviceId], { body: config });
    },

    setMarketplaceServiceConfig(appId: string, serviceName: string, modelName: string, config: unknown) {
      return request.route(r.setMarketplaceServiceConfig, [appId, modelName, serviceName], { body: config });
    },

    /** Checks configuration values without storing them (`test/{serviceId}`). */
    testServiceConfig(appId: string, serviceId: string, config: Record_[] | Record_) {
      return request.route(r.testServiceConfig, [appId, serviceId], { body: config });
    },

    importService(
      appId: string,
      { service, serviceURL, file }: { service?: unknown; serviceURL?: string; file?: Blob },
    ) {
      let body: unknown;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        body = form;
      } else body = service ? { appId, service } : { serviceURL };
      return request.route(r.importService, [appId], { body });
    },

    /** Uploads a generic service (multipart), or creates one from a sample. */
    async createService(
      appId: string,
      data: { createFromSample?: boolean; file?: Blob; model?: string; [key: string]: unknown },
    ) {
      let body: unknown = data;
      if (!data.createFromSample) {
        const form = new FormData();
        if (data.file) form.append('files', data.file);
        form.append('createFromSample', 'false');
        form.append('model', String(data.model ?? ''));
        body = form;
      }
      const services = await request.route(r.createService, [appId], { body });
      return services.map(normaliseService);
    },

    /**
     * The browser-download link of a service's generated client (`JS` or `TS`), the developer's
     * auth key in its path (the reference client's `urls.blServicesClientDownload`).
     */
    serviceClientDownloadUrl(appId: string, serviceId: string, language: string) {
      const key = encodeURIComponent(context.authKey ?? '');
      return `${context.serverUrl}/${appId}/console/${key}/localservices/${encodeURIComponent(serviceId)}/${encodeURIComponent(language)}/download`;
    },

    /** A service's generated client source (`JS` or `TS`) as text (a Basalt addition beside the link). */
    downloadServiceClient(appId: string, serviceId: string, language: string) {
      return request.route(r.downloadServiceClient, [appId, context.authKey ?? '', serviceId, language], {
        responseType: 'text',
      }) as Promise<string>;
    },

    createAWSLambdaService(appId: string, credentials: Record_) {
      return request.route(r.createAWSLambdaService, [appId], { body: { ...credentials, appId } });
    },

    /** Creates a codeless service; it is deployed at once (without methods) and listed by `getServices`. */
    createCodelessService(appId: string, service: BodyOf<typeof r.createCodelessService>) {
      return request.route(r.createCodelessService, [appId], {
        body: service,
        cacheTags: [CacheTags.BL_MODELS(appId)],
      });
    },
    updateCodelessService(appId: string, serviceId: string, updates: BodyOf<typeof r.updateCodelessService>) {
      return request.route(r.updateCodelessService, [appId, serviceId], { body: updates });
    },
    deleteCodelessService(appId: string, serviceId: string) {
      return request.route(r.deleteCodelessService, [appId, serviceId]);
    },
    /** Adds a method (`{name, params: [{name, type}], type?: verb, path?}`) to a codeless service. */
    createCodelessMethod(appId: string, serviceId: string, method: BodyOf<typeof r.createCodelessMethod>) {
      return request.route(r.createCodelessMethod, [appId, serviceId], { body: method });
    },
    updateCodelessMethod(
      appId: string,
      serviceId: string,
      methodId: string,
      method: BodyOf<typeof r.updateCodelessMethod>,
    ) {
      return request.route(r.updateCodelessMethod, [appId, serviceId, methodId], { body: method });
    },
    deleteCodelessMethod(appId: string, serviceId: string, methodId: string) {
      return request.route(r.deleteCodelessMethod, [appId, serviceId, methodId]);
    },
    /** The method's deployed blocks (`logic`), `xml`, and the server-generated `code`. */
    getCodelessMethodLogic(
      appId: string,
      serviceId: string,
      methodId: string,
    ): Promise<Answer<'getCodelessMethodLogic'>> {
      return request.route(r.getCodelessMethodLogic, [appId, serviceId, methodId]);
    },
    /**
     * Deploys a method's blocks (`{logic, xml?, code?}`; a sent `code` is kept, never run). A bad
     * block is a 400 naming it; `params.validate` only checks.
     */
    deployCodelessMethodLogic(
      appId: string,
      serviceId: string,
      methodId: string,
      logic: BodyOf<typeof r.deployCodelessMethodLogic>,
      params?: Query,
    ): Promise<Answer<'deployCodelessMethodLogic'>> {
      return request.route(r.deployCodelessMethodLogic, [appId, serviceId, methodId], { body: logic, query: params });
    },

    /** The model's draft files. */
    getDraftFiles(appId: string, language: string, model: string) {
      return request.route(r.getDraftFiles, [appId, model, language]);
    },

    /** Saves draft files (each id path-encoded part by part); production does not change. */
    saveDraftFiles(
      appId: string,
      language: string,
      model: string,
      files: { id: string; [key: string]: unknown }[],
      sync = true,
    ) {
      const body = files.map(({ id, ...rest }) => ({ id: encodeFilePath(id), ...rest }));
      return request.route(r.saveDraftFiles, [appId, model, language], { body, query: { sync } });
    },

    /** Saves the files as the draft, bundles the model and makes it production. */
    deployDraftFiles(
      appId: string,
      language: string,
      model: string,
      files: { id: string; [key: string]: unknown }[],
      sync = true,
    ) {
      return request.route(r.deployDraftFiles, [appId, model, language], { body: files, query: { sync } });
    },

    /** One draft file's text, byte for byte. */
    getDraftFileContent(appId: string, language: string, model: string, fileId: string) {
      return request.route(r.getDraftFileContent, [appId, model, language, encodeFilePath(fileId)], {
        responseType: 'text',
      });
    },

    /** The model's stored deployments, newest first (a Basalt addition). */
    getDeployments(appId: string, language: string, model: string) {
      return request.route(r.getDeployments, [appId, model, language]);
    },

    /** Makes an earlier deployment production again (a Basalt addition). */
    rollbackDeployment(appId: string, language: string, model: string, deploymentId: string) {
      return request.route(r.rollbackDeployment, [appId, model, language, deploymentId]);
    },

    getLanguages() {
      return request.route(r.getLanguages);
    },

    getModels(appId: string, language: string) {
      return request.route(r.getModels, [appId, language], { cacheTags: [CacheTags.BL_MODELS(appId)] });
    },

    getAllModels(appId: string) {
      return request.route(r.getAllModels, [appId]);
    },

    createModel(appId: string, language: string, model: string) {
      return request.route(r.createModel, [appId], { body: { appId, language, model } });
    },

    /** Creates a handler or timer: sent to `{mode}/{events|timers}` without its category and mode. */
    createEventHandler(appId: string, handler: HandlerLike) {
      const { category, mode, ...data } = handler;
      return request.send<Answer<'createEventHandler'>>({
        method: 'POST',
        path: handlersPath(appId, mode, category),
        body: data,
        cacheTags: [CacheTags.BL_MODELS(appId)],
      });
    },

    /** Updates a handler or timer; one from the marketplace is addressed under MARKETPLACE. */
    async updateEventHandler(appId: string, handler: HandlerLike) {
      const sent = handler.fromMarketplace ? { ...handler, mode: MARKETPLACE } : handler;
      const answer = await request.send<Answer<'updateEventHandler'>>({
        method: 'PUT',
        path: `${handlersPath(appId, sent.mode, sent.category)}/${sent.id}`,
        body: sent,
      });
      return normaliseHandler(answer as Record_);
    },

    /** Handlers and timers of the given modes (all when none); MARKETPLACE ones read as PRODUCTION. */
    async getEventHandlers(appId: string, modes: string[] = []) {
      const answer = await request.route(r.getEventHandlers, [appId], { query: { mode: modes } });
      return (answer as Record_[]).map(normaliseHandler);
    },

    deleteEventHandler(appId: string, handler: HandlerLike) {
      return request.send<Answer<'deleteEventHandler'>>({
        method: 'DELETE',
        path: `${handlersPath(appId, handler.mode, handler.category)}/${handler.id}`,
      });
    },

    getHandlerInvocationChain(appId: string, eventId: string | number, context: string) {
      return request.route(r.getHandlerInvocationChain, [appId, eventId, context], {
        cacheTags: [CacheTags.BL_CHAIN(appId)],
      });
    },

    updateHandlerInvocationChain(appId: string, eventId: string | number, context: string, updates: unknown) {
      return request.route(r.updateHandlerInvocationChain, [appId, eventId, context], {
        body: updates,
        cacheTags: [CacheTags.BL_CHAIN(appId)],
      });
    },

    /** Runs a timer now, outside its schedule. */
    invokeTimer(appId: string, timer: HandlerLike) {
      return request.send<Answer<'invokeTimer'>>({
        method: 'POST',
        path: `${handlersPath(appId, timer.mode, timer.category)}/${timer.timername}/run`,
      });
    },

    /** Enables or disables a handler or timer. */
    changeHandlerState(
      appId: string,
      mode: string,
      category: string | null | undefined,
      timerId: string,
      enabled: boolean,
    ) {
      return request.send<Answer<'changeHandlerState'>>({
        method: 'PUT',
        path: `${handlersPath(appId, mode, category)}/${timerId}/state`,
        body: { enabled },
      });
    },

    getCategories(appId: string) {
      return request.route(r.getCategories, [appId]);
    },

    getEvents(appId: string) {
      return request.route(r.getEvents, [appId]);
    },

    /** Timer runs: `{data, totalRows}`, paged with offset/pageSize, filtered by timer and dates. */
    getTimerLogs(appId: string, query?: Query) {
      return request.route(r.getTimerLogs, [appId], { query });
    },
  };
}

export type BlGroup = ReturnType<typeof createBlGroup>;
