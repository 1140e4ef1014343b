import crypto from 'node:crypto';
import {
  DEFAULT_CODE_MODEL,
  type CodelessFunction,
  type CodelessFunctionSource,
  type CodelessLogic,
  type CodelessMethod,
  type CodelessParam,
  type CodelessService as CodelessServiceAnswer,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { ModelsService } from '../models/models.service.js';
import { DeployService } from '../deploy/deploy.service.js';
import {
  ServicesRepo,
  type CcCodelessFunctionRow,
  type CcCodelessMethodRow,
  type CcCodelessServiceRow,
} from '../store/index.js';
import { routeByName } from '../services/method-routes.js';
import { CodelessRepo } from './codeless.repo.js';
import { functionInputs, handlerKey, logicKey, modelFiles, PARAM_TYPES, type ModelSources } from './source.js';
import { generateItem } from './generate.js';
import { checkIdentifier, checkRoute, sizedJson } from './checks.js';

const LANGUAGE = 'CODELESS';
const newId = () => crypto.randomUUID().toUpperCase();

/** A change to a model's sources, applied in memory before the deploy and written after it succeeds. */
type Edit = (src: ModelSources) => void;

/** The logic a body carries: `{logic, xml?, code?}` or the block JSON itself (`{blocks, variables}`). */
function logicOf(body: Record<string, unknown>): { logic: unknown; xml: string | null; code: string | null } {
  const logic =
    body.logic !== undefined
      ? body.logic
      : body.blocks !== undefined
        ? { blocks: body.blocks, variables: body.variables }
        : undefined;
  if (logic === undefined || logic === null)
    throw ApiError.field('VALIDATION', 'logic', "'logic' (the blocks) is required");
  return {
    logic,
    xml: typeof body.xml === 'string' ? body.xml : null,
    code: typeof body.code === 'string' ? body.code : null,
  };
}

function methodOut(m: CcCodelessMethodRow): CodelessMethod {
  const params = JSON.parse(m.params_json) as CodelessParam[];
  const route = m.verb ? { verb: m.verb, path: m.path ?? `/${m.name}` } : routeByName(m.name);
  return {
    id: m.id,
    serviceId: m.service_id,
    name: m.name,
    description: m.description,
    params,
    method: route.verb,
    path: route.path,
    returns: m.returns,
    hasLogic: m.logic_json !== null,
    created: m.created,
    updated: m.updated,
  };
}

function functionOut(f: CcCodelessFunctionRow): CodelessFunction {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    type: 'codeless',
    definition: JSON.parse(f.definition_json),
    created: f.created,
    updated: f.updated,
  };
}

function sourceOut(f: CcCodelessFunctionRow): CodelessFunctionSource {
  return {
    id: f.id,
    name: f.name,
    definition: JSON.parse(f.definition_json),
    logic: f.logic_json === null ? null : JSON.parse(f.logic_json),
    xml: f.xml,
    code: f.code ?? '',
    clientCode: f.client_code,
    updated: f.updated,
  };
}

/**
 * Codeless services, methods, the functions library and codeless deploys (decision 0051). The
 * stored source of every item is its block JSON; the code that runs is generated from it here with
 * the shared generator and deployed per (app, CODELESS, model) through the deploy service's one
 * path (bundle → analyse → switch). A change is applied to the sources in memory, deployed, and
 * only then written: a refused change leaves sources and production as they were.
 */
export class CodelessService {
  readonly repo: CodelessRepo;
  private readonly services: ServicesRepo;
  private readonly models: ModelsService;
  private readonly deploys: DeployService;
  /** Deploys of one (app, model) run one after the other. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(ctx: ServerContext) {
    this.repo = new CodelessRepo(ctx.dbs);
    this.services = new ServicesRepo(ctx.dbs);
    this.models = new ModelsService(ctx);
    this.deploys = new DeployService(ctx);
  }

  private serialised<T>(appId: string, model: string, work: () => Promise<T>): Promise<T> {
    const key = `${appId}\u0000${model}`;
    const prev = this.queues.get(key) ?? Promise.resolve();
    const next = prev.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  /** Everything the model deploys, as stored. */
  async sources(appId: string, model: string): Promise<ModelSources> {
    const services = await this.repo.services(appId, model);
    const methods = await this.repo.methods(
      appId,
      services.map((s) => s.id),
    );
    const handlers = new Map<string, (typeof rawHandlers)[number]>();
    const rawHandlers = await this.repo.modelHandlers(appId, model);
    // One per (provider, event, target): the PRODUCTION row when there is one (the console edits it).
    for (const h of rawHandlers)
      if (!handlers.has(handlerKey(h)) || h.mode === 'PRODUCTION') handlers.set(handlerKey(h), h);
    const timers = new Map<string, Awaited<ReturnType<CodelessRepo['modelTimers']>>[number]>();
    for (const t of await this.repo.modelTimers(appId, model))
      if (!timers.has(t.name) || t.mode === 'PRODUCTION') timers.set(t.name, t);
    return {
      services: services.map((service) => ({ service, methods: methods.filter((m) => m.service_id === service.id) })),
      functions: await this.repo.functions(appId),
      handlers: [...handlers.values()],
      timers: [...timers.values()],
      logic: new Map((await this.repo.logic(appId, model)).map((l) => [logicKey(l.kind, l.item_key), l])),
    };
  }

  /**
   * Applies `edit` to the model's sources in memory, generates and deploys them, then runs `save`
   * (which writes the edit). Any refusal before the switch leaves production and sources unchanged.
   */
  private deployEdited<T>(
    appId: string,
    model: string,
    developerId: string | null,
    edit: Edit,
    save: () => Promise<T>,
  ) {
    return this.serialised(appId, model, async () => {
      const src = await this.sources(appId, model);
      edit(src);
      const { files, items } = modelFiles(src);
      const ids = new Map(src.services.map((s) => [s.service.name, s.service.id]));
      const deployment = await this.deploys.deployGenerated(appId, LANGUAGE, model, files, developerId, ids);
      return { result: await save(), deployment, items };
    });
  }

  // ---- services ----

  async service(appId: string, id: string): Promise<CcCodelessServiceRow> {
    const s = await this.repo.service(appId, id);
    if (!s) throw ApiError.notFound(`Codeless service '${id.slice(0, 64)}' not found`);
    return s;
  }

  async serviceOut(appId: string, s: CcCodelessServiceRow): Promise<CodelessServiceAnswer> {
    const methods = await this.repo.methods(appId, [s.id]);
    return {
      id: s.id,
      name: s.name,
      description: s.description,
      model: s.model,
      language: LANGUAGE,
      type: LANGUAGE,
      version: '1.0.0',
      methods: methods.map(methodOut),
      created: s.created,
      updated: s.updated,
    };
  }

  private async nameFree(appId: string, name: string, except?: string): Promise<void> {
    const codeless = await this.repo.serviceByName(appId, name);
    const deployed = (await this.services.byName(appId, name)).filter((s) => s.id !== except);
    if ((codeless && codeless.id !== except) || deployed.length)
      throw ApiError.field('CONFLICT', 'name', `The service '${name}' already exists`);
  }

  async createService(
    appId: string,
    body: { name: string; description?: string; model?: string },
    developerId: string | null,
  ): Promise<CodelessServiceAnswer> {
    checkIdentifier('name', body.name, 'service');
    const { model } = await this.models.require(appId, LANGUAGE, body.model ?? DEFAULT_CODE_MODEL, true);
    await this.nameFree(appId, body.name);
    const now = Date.now();
    const row: CcCodelessServiceRow = {
      id: newId(),
      app_id: appId,
      model,
      name: body.name,
      description: body.description ?? '',
      created: now,
      updated: now,
    };
    await this.deployEdited(
      appId,
      model,
      developerId,
      (src) => src.services.push({ service: row, methods: [] }),
      () => this.repo.insertService(row),
    );
    return this.serviceOut(appId, row);
  }

  async updateService(
    appId: string,
    id: string,
    body: { name?: string; description?: string },
    developerId: string | null,
  ): Promise<CodelessServiceAnswer> {
    const s = await this.service(appId, id);
    const change: Partial<CcCodelessServiceRow> = { updated: Date.now() };
    if (body.name !== undefined && body.name !== s.name) {
      checkIdentifier('name', body.name, 'service');
      await this.nameFree(appId, body.name, s.id);
      change.name = body.name;
    }
    if (body.description !== undefined) change.description = body.description;
    await this.deployEdited(
      appId,
      s.model,
      developerId,
      (src) => Object.assign(src.services.find((x) => x.service.id === id)!.service, change),
      () => this.repo.updateService(appId, id, change),
    );
    return this.serviceOut(appId, { ...s, ...change });
  }

  async deleteService(appId: string, id: string, developerId: string | null): Promise<void> {
    const s = await this.service(appId, id);
    await this.deployEdited(
      appId,
      s.model,
      developerId,
      (src) => {
        src.services = src.services.filter((x) => x.service.id !== id);
      },
      () => this.repo.deleteService(appId, id),
    );
  }

  // ---- methods ----

  async method(appId: string, serviceId: string, methodId: string): Promise<CcCodelessMethodRow> {
    await this.service(appId, serviceId);
    const m = await this.repo.method(appId, serviceId, methodId);
    if (!m) throw ApiError.notFound(`Codeless method '${methodId.slice(0, 64)}' not found in service '${serviceId}'`);
    return m;
  }

  /** The stored fields of a method body, checked: 400 naming the field at fault. */
  private methodFields(body: Record<string, unknown>, current?: CcCodelessMethodRow): Partial<CcCodelessMethodRow> {
    const out: Partial<CcCodelessMethodRow> = {};
    if (body.name !== undefined || !current) out.name = checkIdentifier('name', body.name, 'method');
    if (body.description !== undefined) out.description = String(body.description);
    if (body.params !== undefined || body.parameters !== undefined) {
      const raw = body.params ?? body.parameters;
      if (!Array.isArray(raw)) throw ApiError.field('VALIDATION', 'params', "'params' must be a list of {name, type}");
      const seen = new Set<string>();
      const params = raw.map((p, i) => {
        const param = (typeof p === 'string' ? { name: p } : p) as CodelessParam;
        const name = checkIdentifier(`params[${i}].name`, param?.name, 'parameter');
        if (seen.has(name))
          throw ApiError.field('VALIDATION', `params[${i}].name`, `The parameter '${name}' is listed twice`);
        seen.add(name);
        const type = (param.type ?? 'ANY').toUpperCase();
        if (!PARAM_TYPES.includes(type))
          throw ApiError.field(
            'VALIDATION',
            `params[${i}].type`,
            `Unknown type '${String(param.type).slice(0, 50)}' (${PARAM_TYPES.join(', ')})`,
          );
        return {
          name,
          type,
          ...(param.description ? { description: String(param.description) } : {}),
          ...(param.required === false ? { required: false } : {}),
        };
      });
      out.params_json = JSON.stringify(params);
    }
    if (body.type !== undefined || body.path !== undefined) {
      const verb = body.type ?? current?.verb ?? 'POST';
      const name = out.name ?? current!.name;
      const route = checkRoute(verb, body.path ?? (body.type !== undefined ? undefined : current?.path) ?? `/${name}`);
      out.verb = route.verb;
      out.path = route.path;
    }
    if (body.returns !== undefined) {
      const r = String(body.returns).toUpperCase();
      if (!PARAM_TYPES.includes(r)) throw ApiError.field('VALIDATION', 'returns', `Unknown type '${r.slice(0, 50)}'`);
      out.returns = r;
    }
    return out;
  }

  async createMethod(appId: string, serviceId: string, body: Record<string, unknown>, developerId: string | null) {
    const s = await this.service(appId, serviceId);
    const fields = this.methodFields(body);
    const now = Date.now();
    const row: CcCodelessMethodRow = {
      id: newId(),
      app_id: appId,
      service_id: s.id,
      name: fields.name!,
      description: '',
      params_json: '[]',
      verb: null,
      path: null,
      returns: null,
      logic_json: null,
      xml: null,
      client_code: null,
      code: null,
      ...fields,
      created: now,
      updated: now,
    };
    if ((await this.repo.methods(appId, [s.id])).some((m) => m.name === row.name))
      throw ApiError.field('CONFLICT', 'name', `The service '${s.name}' has a method '${row.name}' already`);
    await this.deployEdited(
      appId,
      s.model,
      developerId,
      (src) => src.services.find((x) => x.service.id === s.id)!.methods.push(row),
      () => this.repo.insertMethod(row),
    );
    return methodOut(row);
  }

  async updateMethod(
    appId: string,
    serviceId: string,
    methodId: string,
    body: Record<string, unknown>,
    developerId: string | null,
  ) {
    const s = await this.service(appId, serviceId);
    const m = await this.method(appId, serviceId, methodId);
    const change = { ...this.methodFields(body, m), updated: Date.now() };
    if (
      change.name &&
      change.name !== m.name &&
      (await this.repo.methods(appId, [s.id])).some((x) => x.name === change.name)
    )
      throw ApiError.field('CONFLICT', 'name', `The service '${s.name}' has a method '${change.name}' already`);
    await this.deployEdited(
      appId,
      s.model,
      developerId,
      (src) =>
        Object.assign(
          src.services.find((x) => x.service.id === s.id)!.methods.find((x) => x.id === m.id)!,
          change,
        ),
      () => this.repo.updateMethod(appId, m.id, change),
    );
    return methodOut({ ...m, ...change });
  }

  async deleteMethod(appId: string, serviceId: string, methodId: string, developerId: string | null) {
    const s = await this.service(appId, serviceId);
    const m = await this.method(appId, serviceId, methodId);
    await this.deployEdited(
      appId,
      s.model,
      developerId,
      (src) => {
        const entry = src.services.find((x) => x.service.id === s.id)!;
        entry.methods = entry.methods.filter((x) => x.id !== m.id);
      },
      () => this.repo.deleteMethod(appId, m.id),
    );
  }

  async methodLogic(appId: string, serviceId: string, methodId: string): Promise<CodelessLogic> {
    const m = await this.method(appId, serviceId, methodId);
    return {
      logic: m.logic_json === null ? null : JSON.parse(m.logic_json),
      xml: m.xml,
      code: m.code ?? '',
      clientCode: m.client_code,
      updated: m.logic_json === null ? null : m.updated,
    };
  }

  /**
   * Deploys a method's blocks: generated on the server (a sent `code` is stored, never run), the
   * model deployed with them. `validate` only generates and answers the code.
   */
  async deployMethodLogic(
    appId: string,
    serviceId: string,
    methodId: string,
    body: Record<string, unknown>,
    validate: boolean,
    developerId: string | null,
  ): Promise<CodelessLogic> {
    const s = await this.service(appId, serviceId);
    const m = await this.method(appId, serviceId, methodId);
    const { logic, xml, code: clientCode } = logicOf(body);
    const logic_json = sizedJson('logic', logic);
    const params = (JSON.parse(m.params_json) as CodelessParam[]).map((p) => p.name);
    const generated = generateItem({ type: 'method', id: m.id, name: `${s.name}.${m.name}` }, logic, 'method', params);
    const change = { logic_json, xml, client_code: clientCode, code: generated.body, updated: Date.now() };
    if (!validate)
      await this.deployEdited(
        appId,
        s.model,
        developerId,
        (src) =>
          Object.assign(
            src.services.find((x) => x.service.id === s.id)!.methods.find((x) => x.id === m.id)!,
            change,
          ),
        () => this.repo.updateMethod(appId, m.id, change),
      );
    return { logic, xml, code: generated.body, clientCode, updated: change.updated };
  }

  // ---- functions ----

  async fn(appId: string, id: string): Promise<CcCodelessFunctionRow> {
    const f = await this.repo.fn(appId, id);
    if (!f) throw ApiError.notFound(`Codeless function '${id.slice(0, 64)}' not found`);
    return f;
  }

  async functions(appId: string): Promise<CodelessFunction[]> {
    return (await this.repo.functions(appId)).map(functionOut);
  }

  async createFunction(
    appId: string,
    body: { name: string; description?: string; definition?: unknown },
  ): Promise<CodelessFunction> {
    const name = body.name.trim();
    if (!name) throw ApiError.field('VALIDATION', 'name', "'name' is required");
    const now = Date.now();
    const row: CcCodelessFunctionRow = {
      id: newId(),
      app_id: appId,
      name,
      description: body.description ?? '',
      definition_json: sizedJson('definition', body.definition ?? { inputs: [] }, 100_000),
      logic_json: null,
      xml: null,
      client_code: null,
      code: null,
      created: now,
      updated: now,
    };
    await this.repo.insertFunction(row);
    return functionOut(row);
  }

  async functionSource(appId: string, id: string): Promise<CodelessFunctionSource> {
    return sourceOut(await this.fn(appId, id));
  }

  /**
   * Stores a function's source after checking its blocks generate (400 naming the block). The
   * reference console sends `{xml, code, definition}`; Basalt's sends `logic` too (an object in
   * `xml` is taken as the blocks). The library deploys with every codeless deploy, as last stored.
   */
  async updateFunctionSource(
    appId: string,
    id: string,
    body: Record<string, unknown>,
  ): Promise<CodelessFunctionSource> {
    const f = await this.fn(appId, id);
    const change: Partial<CcCodelessFunctionRow> = { updated: Date.now() };
    // Ours (the reference renames through its own console state): a function is renamed here;
    // calls keep working, they name the function by id.
    if (body.name !== undefined) {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name || name.length > 100)
        throw ApiError.field('VALIDATION', 'name', "'name' must be a text of 1 to 100 characters");
      change.name = name;
    }
    if (body.definition !== undefined && body.definition !== null)
      change.definition_json = sizedJson('definition', body.definition, 100_000);
    const logic = body.logic ?? (typeof body.xml === 'object' && body.xml !== null ? body.xml : undefined);
    if (typeof body.xml === 'string' || body.xml === null) change.xml = body.xml as string | null;
    if (body.code !== undefined) change.client_code = typeof body.code === 'string' ? body.code : null;
    if (logic !== undefined && logic !== null) {
      change.logic_json = sizedJson('logic', logic);
      const inputs = functionInputs(change.definition_json ?? f.definition_json);
      change.code = generateItem(
        { type: 'function', id: f.id, name: change.name ?? f.name },
        logic,
        'function',
        inputs,
      ).body;
    }
    await this.repo.updateFunction(appId, id, change);
    return sourceOut({ ...f, ...change });
  }

  /** Removes a function: 409 naming the first stored logic that calls it. */
  async removeFunction(appId: string, id: string): Promise<void> {
    const f = await this.fn(appId, id);
    const user = await this.callerOf(appId, f.id);
    if (user) throw ApiError.conflict(`The function '${f.name}' is called by ${user}; change that logic first`);
    await this.repo.deleteFunction(appId, id);
  }

  private async callerOf(appId: string, fnId: string): Promise<string | undefined> {
    const calls = (logic: string | null, kind: Parameters<typeof generateItem>[2], params?: string[]) => {
      if (logic === null) return false;
      try {
        return generateItem({ type: 'function', id: '', name: '' }, JSON.parse(logic), kind, params).functions.includes(
          fnId,
        );
      } catch {
        return false;
      }
    };
    for (const s of await this.repo.services(appId))
      for (const m of await this.repo.methods(appId, [s.id]))
        if (
          calls(
            m.logic_json,
            'method',
            (JSON.parse(m.params_json) as CodelessParam[]).map((p) => p.name),
          )
        )
          return `the method '${s.name}.${m.name}'`;
    for (const other of await this.repo.functions(appId))
      if (other.id !== fnId && calls(other.logic_json, 'function', functionInputs(other.definition_json)))
        return `the function '${other.name}'`;
    return undefined;
  }

  // ---- model deploys ----

  /**
   * `deployCodelessModel`: stores the logic sent with the items (functions, methods, handlers,
   * custom events, timers, by id; an item without logic is deployed as stored), then generates and
   * deploys the whole model. 404 names an unknown item.
   */
  async deployModel(
    appId: string,
    rawModel: string,
    items: Array<Record<string, unknown>>,
    developerId: string | null,
  ) {
    const { model } = await this.models.require(appId, LANGUAGE, rawModel, true);
    const saves: Array<() => Promise<void>> = [];
    const edits: Edit[] = [];
    const now = Date.now();
    for (const [i, item] of items.entries()) {
      const type = String(item.type ?? '').toLowerCase();
      const id = String(item.id ?? '');
      const sent = item.logic !== undefined && item.logic !== null;
      const stored = () => {
        const { logic, xml, code } = logicOf(item);
        return { logic, logic_json: sizedJson(`[${i}].logic`, logic), xml, client_code: code, updated: now };
      };
      if (type === 'service') {
        const s = await this.service(appId, id);
        if (s.model !== model) throw ApiError.notFound(`Codeless service '${id}' is not in model '${model}'`);
      } else if (type === 'method') {
        const m = await this.repo.methodById(appId, id);
        if (!m) throw ApiError.notFound(`Codeless method '${id.slice(0, 64)}' not found`);
        const s = await this.service(appId, m.service_id);
        if (s.model !== model) throw ApiError.notFound(`Codeless method '${id}' is not in model '${model}'`);
        if (sent) {
          const v = stored();
          const params = (JSON.parse(m.params_json) as CodelessParam[]).map((p) => p.name);
          const code = generateItem(
            { type: 'method', id, name: `${s.name}.${m.name}` },
            v.logic,
            'method',
            params,
          ).body;
          const change = { logic_json: v.logic_json, xml: v.xml, client_code: v.client_code, code, updated: now };
          edits.push((src) => {
            for (const x of src.services) for (const y of x.methods) if (y.id === id) Object.assign(y, change);
          });
          saves.push(() => this.repo.updateMethod(appId, id, change));
        }
      } else if (type === 'function') {
        const f = await this.fn(appId, id);
        if (sent) {
          const v = stored();
          const inputs = functionInputs(f.definition_json);
          const code = generateItem({ type: 'function', id, name: f.name }, v.logic, 'function', inputs).body;
          const change = { logic_json: v.logic_json, xml: v.xml, client_code: v.client_code, code, updated: now };
          edits.push((src) =>
            Object.assign(
              src.functions.find((x) => x.id === f.id)!,
              change,
            ),
          );
          saves.push(() => this.repo.updateFunction(appId, id, change));
        }
      } else if (type === 'handler' || type === 'event' || type === 'timer') {
        const isTimer = type === 'timer';
        const timer = isTimer ? (await this.repo.modelTimers(appId, model)).find((t) => t.id === id) : undefined;
        const handler = isTimer ? undefined : (await this.repo.modelHandlers(appId, model)).find((h) => h.id === id);
        if (!timer && !handler)
          throw ApiError.notFound(
            `Codeless ${isTimer ? 'timer' : 'event handler'} '${id.slice(0, 64)}' not found in model '${model}'`,
          );
        if (sent) {
          const v = stored();
          const kind = isTimer ? 'timer' : 'handler';
          const itemKey = timer ? timer.name : handlerKey(handler!);
          const genKind = timer ? 'timer' : handler!.provider === 'custom' ? 'event' : 'handler';
          const ref = { type: genKind, id, name: timer ? timer.name : itemKey } as const;
          const code = generateItem(ref, v.logic, genKind).body;
          const row = {
            app_id: appId,
            model,
            kind,
            item_key: itemKey,
            logic_json: v.logic_json,
            xml: v.xml,
            client_code: v.client_code,
            code,
            updated: now,
          };
          edits.push((src) => src.logic.set(logicKey(kind, itemKey), row));
          saves.push(() => this.repo.saveLogic(row));
        }
      } else
        throw ApiError.field(
          'VALIDATION',
          `[${i}].type`,
          `Unknown item type '${type.slice(0, 20)}' (service, method, function, handler, event, timer)`,
        );
    }
    const { deployment, items: generated } = await this.deployEdited(
      appId,
      model,
      developerId,
      (src) => edits.forEach((e) => e(src)),
      async () => {
        for (const save of saves) await save();
      },
    );
    return {
      status: 'deployed',
      deployedItems: items.length,
      generatedItems: generated,
      timestamp: Date.now(),
      deployment,
    };
  }

  /**
   * The stored logic of a codeless event handler, custom event or timer (by the id the handler and
   * timer lists answer), for the console's editor. Logic is kept by the item's key, so it survives
   * the redeploys that give the production rows new ids.
   */
  async itemLogic(appId: string, rawModel: string, type: string, id: string): Promise<CodelessLogic> {
    const { model } = await this.models.require(appId, LANGUAGE, rawModel, false);
    const isTimer = type === 'timer';
    const timer = isTimer ? (await this.repo.modelTimers(appId, model)).find((t) => t.id === id) : undefined;
    const handler = isTimer ? undefined : (await this.repo.modelHandlers(appId, model)).find((h) => h.id === id);
    if (!timer && !handler)
      throw ApiError.notFound(
        `Codeless ${isTimer ? 'timer' : 'event handler'} '${id.slice(0, 64)}' not found in model '${model}'`,
      );
    const kind = isTimer ? 'timer' : 'handler';
    const itemKey = timer ? timer.name : handlerKey(handler!);
    const row = (await this.repo.logic(appId, model)).find((l) => l.kind === kind && l.item_key === itemKey);
    return {
      logic: row ? JSON.parse(row.logic_json) : null,
      xml: row?.xml ?? null,
      code: row?.code ?? '',
      clientCode: row?.client_code ?? null,
      updated: row ? row.updated : null,
    };
  }

  /** `loadApiServices`: every deployed service with its methods, for the toolbox's service blocks. */
  async apiServices(appId: string) {
    const all = await this.services.list(appId);
    // The deployed spec knows methods by name; a codeless method also carries its id, whether it
    // has logic and its declared parameter types, which the console's codeless editor works with.
    const codelessIds = all.filter((s) => s.language === LANGUAGE).map((s) => s.id);
    const rows = new Map((await this.repo.methods(appId, codelessIds)).map((m) => [`${m.service_id}/${m.name}`, m]));
    return all.map((s) => {
      const spec = JSON.parse(s.spec_json) as { methods: Array<Record<string, unknown>> };
      return {
        id: s.id,
        name: s.name,
        model: s.model,
        type: s.language,
        methods: spec.methods.map((m) => {
          const row = rows.get(`${s.id}/${String(m.name)}`);
          return {
            name: m.name,
            method: m.method,
            path: m.path,
            params: m.params,
            ...(row
              ? {
                  id: row.id,
                  hasLogic: row.logic_json !== null,
                  codelessParams: JSON.parse(row.params_json) as CodelessParam[],
                }
              : {}),
          };
        }),
      };
    }) as Array<{ id: string; name: string; model: string; type: string; methods: never[] }>;
  }
}
