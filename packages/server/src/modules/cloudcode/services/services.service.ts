import crypto from 'node:crypto';
import type { CodeService, ServiceConfigItem, ServiceConfigValue, ServiceMethod, ServiceSpec } from '@basalt/shared';
import { DEFAULT_CODE_MODEL } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { SecretBox } from '../../../http/secret-box.js';
import { FilesRepo, ServicesRepo, type ServiceRecord } from '../store/index.js';
import { ModelsService } from '../models/models.service.js';
import type { StoredServiceSpec } from './method-routes.js';
import { openApiOf } from './openapi.js';
import { describeValues, mergeValues, openValues, valuesOf } from './config.js';
import { IMPORTED } from './imported/document.js';
import { AWS_LAMBDA, lambdaMethods, lambdaSettingsOf, maskedSettings, type LambdaSettings } from './lambda/settings.js';
import { InvocationMemory, type InvocationEntry } from './invocation-memory.js';
import type { InvalidationBus } from '../../../cluster/invalidation.js';

const newId = () => crypto.randomUUID().toUpperCase();

export const specOf = (s: ServiceRecord) => JSON.parse(s.spec_json) as StoredServiceSpec;
export const configItemsOf = (s: ServiceRecord) => JSON.parse(s.config_json) as ServiceConfigItem[];

/** The draft file `createJsService` writes for a new service. */
export function serviceTemplate(name: string, description: string): string {
  const about = description.trim() || `The ${name} API service.`;
  return `/**
 * ${about.replace(/\*\//g, '* /').split('\n').join('\n * ')}
 */
class ${name} {
  /**
   * Answers a greeting. Reached by POST /services/${name}/hello with the name as the body.
   * @param {string} name
   * @returns {string}
   */
  hello(name) {
    return 'Hello, ' + name;
  }
}

Backendless.ServerCode.addService(${name});
`;
}

/** API services as the console manages them: listing, specs, configuration, default models. */
export class ServicesService {
  readonly repo: ServicesRepo;
  private readonly files: FilesRepo;
  private readonly models: ModelsService;
  readonly secrets: SecretBox;
  private readonly bus: InvalidationBus;
  private readonly invocations: InvocationMemory;

  constructor(ctx: ServerContext) {
    this.repo = new ServicesRepo(ctx.dbs);
    this.files = new FilesRepo(ctx.dbs);
    this.models = new ModelsService(ctx);
    this.secrets = new SecretBox(ctx.config.dataDir);
    this.bus = ctx.cluster.invalidation;
    this.invocations = new InvocationMemory(this.bus);
  }

  /** After a write that changes what calls of the app's services read has committed. */
  private changed(appId: string): Promise<void> {
    return this.bus.changed('services', appId);
  }

  /** 404 naming the id when the app has no such service. */
  async get(appId: string, id: string): Promise<ServiceRecord> {
    const s = await this.repo.byId(appId, id);
    if (!s) throw ApiError.notFound(`Service '${id}' not found`);
    return s;
  }

  private async answer(s: ServiceRecord, defaults: Map<string, string>, all: ServiceRecord[]): Promise<CodeService> {
    const chosen = defaults.get(s.name);
    const copies = all.filter((x) => x.name === s.name);
    const isDefault = chosen
      ? chosen === s.model
      : (copies.find((x) => x.model === DEFAULT_CODE_MODEL) ?? copies[0])?.id === s.id;
    return {
      id: s.id,
      name: s.name,
      version: s.version,
      description: specOf(s).description,
      model: s.model,
      language: s.language,
      type: s.language,
      deploymentId: s.deployment_id,
      created: s.created,
      defaultModel: isDefault,
      mcpEnabled: !!s.mcp_enabled,
      configuration: configItemsOf(s),
      ...(s.language === AWS_LAMBDA ? { awsLambda: maskedSettings(await this.lambdaSettings(s)) } : {}),
    };
  }

  /** The stored settings of an AWS Lambda service (the secret key still sealed). */
  async lambdaSettings(s: ServiceRecord): Promise<LambdaSettings> {
    return (await this.repo.configValues(s.app_id, s.model, s.name)) as unknown as LambdaSettings;
  }

  /**
   * What a call of the service named `name` needs (the answering copy, its spec, its stored and
   * opened configuration), from the invocation memory; undefined when no model holds it.
   */
  callable(appId: string, name: string): Promise<InvocationEntry | undefined> {
    return this.invocations.get(appId, name, async () => {
      const service = await this.forInvocation(appId, name);
      if (!service) return undefined;
      const stored = await this.repo.configValues(appId, service.model, service.name);
      return {
        service,
        spec: specOf(service),
        stored,
        config: service.language === AWS_LAMBDA ? undefined : openValues(configItemsOf(service), stored, this.secrets),
      };
    });
  }

  /**
   * `createAWSLambdaService`: a service whose methods call Lambda functions (decision 0049). It
   * needs no deploy: it answers at once. A name any model already uses is a 409.
   */
  async createLambda(appId: string, body: Record<string, unknown>): Promise<CodeService> {
    const name = body.name === undefined || body.name === '' ? 'AWSLambda' : body.name;
    if (typeof name !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]{0,99}$/.test(name))
      throw ApiError.field('VALIDATION', 'name', "'name' must be a service name (letters, digits, _ and $)");
    const description = body.description ?? '';
    if (typeof description !== 'string' || description.length > 2000)
      throw ApiError.field('VALIDATION', 'description', "'description' must be text of at most 2000 characters");
    const settings = lambdaSettingsOf(body, this.secrets);
    if ((await this.repo.byName(appId, name)).length) throw ApiError.conflict(`The service '${name}' already exists`);
    const model = DEFAULT_CODE_MODEL;
    const now = Date.now();
    const id = newId();
    await this.repo.saveConfigValues(appId, model, name, settings as unknown as Record<string, unknown>, now);
    await this.repo.insert({
      id,
      app_id: appId,
      model,
      name,
      language: AWS_LAMBDA,
      version: '1.0.0',
      deployment_id: null,
      spec_json: JSON.stringify({ description, methods: lambdaMethods(settings.functions) }),
      config_json: '[]',
      created: now,
    });
    await this.changed(appId);
    return this.one(appId, id);
  }

  async list(appId: string): Promise<CodeService[]> {
    const all = await this.repo.list(appId);
    const defaults = await this.repo.defaultModels(appId);
    return Promise.all(all.map((s) => this.answer(s, defaults, all)));
  }

  async one(appId: string, id: string): Promise<CodeService> {
    const s = await this.get(appId, id);
    const all = await this.repo.byName(appId, s.name);
    return this.answer(s, await this.repo.defaultModels(appId), all);
  }

  /**
   * The copy of a service that answers the app API: the chosen default model's, else the
   * `default` model's, else the oldest. Undefined when no model holds it.
   */
  async forInvocation(appId: string, name: string): Promise<ServiceRecord | undefined> {
    const copies = await this.repo.byName(appId, name);
    if (!copies.length) return undefined;
    const chosen = await this.repo.defaultModel(appId, name);
    return copies.find((c) => c.model === chosen) ?? copies.find((c) => c.model === DEFAULT_CODE_MODEL) ?? copies[0];
  }

  async spec(appId: string, id: string): Promise<ServiceSpec> {
    const s = await this.get(appId, id);
    const spec = specOf(s);
    return openApiOf({ name: s.name, version: s.version, description: spec.description }, spec.methods, appId);
  }

  async methods(appId: string, id: string): Promise<ServiceMethod[]> {
    return specOf(await this.get(appId, id)).methods;
  }

  /** Adds `services/{name}.js` to the model's draft (409 when the file or a deployed service of that name exists). */
  async createJs(appId: string, input: { name: string; model?: string; description?: string }) {
    const m = await this.models.require(appId, 'JS', input.model ?? DEFAULT_CODE_MODEL, true);
    const k = { appId, language: m.language, model: m.model };
    const path = `services/${input.name}.js`;
    if (await this.files.get(k, 'draft', path)) throw ApiError.conflict(`The draft file '${path}' already exists`);
    const deployed = await this.repo.byName(appId, input.name);
    if (deployed.some((s) => s.model === m.model))
      throw ApiError.conflict(`The service '${input.name}' already exists in model '${m.model}'`);
    const content = serviceTemplate(input.name, input.description ?? '');
    const updated = Date.now();
    await this.files.change(k, 'draft', [{ path, content }], [], updated);
    return {
      name: input.name,
      model: m.model,
      language: m.language,
      file: { id: path, name: `${input.name}.js`, size: Buffer.byteLength(content, 'utf8'), updated },
    };
  }

  /**
   * Deletes services: they stop answering at once; the class file `createJsService` made is removed
   * from the draft too (code elsewhere in the model registers the service again on its next deploy).
   */
  async remove(appId: string, ids: string[]): Promise<void> {
    const missing: string[] = [];
    for (const id of ids) if (!(await this.repo.byId(appId, id))) missing.push(id);
    if (missing.length) throw ApiError.notFound(`Service '${missing[0]}' not found`);
    const removed = await this.repo.remove(appId, ids);
    await this.changed(appId);
    for (const s of removed)
      // Lambda and imported services have no draft file; their settings go with them.
      if (s.language === AWS_LAMBDA || s.language === IMPORTED)
        await this.repo.removeConfigValues(appId, s.model, s.name);
      // A codeless service's source goes too, or the next deploy of its model would bring it back.
      else if (s.language === 'CODELESS') await this.repo.removeCodelessSource(appId, s.id);
      else
        await this.files.change(
          { appId, language: s.language, model: s.model },
          'draft',
          [],
          [`services/${s.name}.js`],
          Date.now(),
        );
  }

  async update(appId: string, id: string, updates: { description?: string }): Promise<CodeService> {
    const s = await this.get(appId, id);
    if (updates.description !== undefined) {
      const spec = specOf(s);
      await this.repo.updateSpec(appId, id, JSON.stringify({ ...spec, description: updates.description }));
      await this.changed(appId);
    }
    return this.one(appId, id);
  }

  async setDefaultModel(
    appId: string,
    body: { serviceId?: string; serviceName?: string; name?: string; model: string },
  ) {
    const name = body.serviceId ? (await this.get(appId, body.serviceId)).name : (body.serviceName ?? body.name);
    if (!name) throw ApiError.field('VALIDATION', 'serviceName', 'Name the service (serviceId or serviceName)');
    const copies = await this.repo.byName(appId, name);
    if (!copies.length) throw ApiError.notFound(`Service '${name}' not found`);
    if (!copies.some((c) => c.model === body.model))
      throw ApiError.notFound(`The service '${name}' is not deployed in model '${body.model}'`);
    await this.repo.setDefaultModel(appId, name, body.model);
    await this.changed(appId);
  }

  async loadConfig(appId: string, id: string): Promise<ServiceConfigValue[]> {
    const s = await this.get(appId, id);
    return describeValues(configItemsOf(s), await this.repo.configValues(appId, s.model, s.name));
  }

  async setConfig(appId: string, id: string, body: unknown): Promise<ServiceConfigValue[]> {
    const s = await this.get(appId, id);
    const items = configItemsOf(s);
    const stored = await this.repo.configValues(appId, s.model, s.name);
    const merged = mergeValues(items, stored, valuesOf(body), this.secrets);
    await this.repo.saveConfigValues(appId, s.model, s.name, merged, Date.now());
    await this.changed(appId);
    return describeValues(items, merged);
  }

  /** Checks values without storing them; answers the opened values the code would see. */
  async checkConfig(
    appId: string,
    id: string,
    body: unknown,
  ): Promise<{ service: ServiceRecord; values: Record<string, unknown> }> {
    const s = await this.get(appId, id);
    const items = configItemsOf(s);
    const merged = mergeValues(
      items,
      await this.repo.configValues(appId, s.model, s.name),
      valuesOf(body),
      this.secrets,
    );
    return { service: s, values: openValues(items, merged, this.secrets) };
  }
}
