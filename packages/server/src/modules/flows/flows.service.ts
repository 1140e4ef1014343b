import crypto from 'node:crypto';
import type { FlowDefinitionInput, FlowExport, FlowVersion, FlowVersionStatus } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { normalise, validate, type FlowDefinition } from './definition.js';
import { FlowsRepo, type VersionRow, type VersionWithName } from './flows.repo.js';

/** What the engine does when a version's state changes (wired by the module). */
export interface FlowLifecycle {
  /** The version became LIVE, PAUSED or editable again: triggers and schedules follow it. */
  changed(appId: string, version: VersionWithName): Promise<void>;
  /** Terminate: every running and waiting instance of the version stops. */
  stopAll(appId: string, versionId: string): Promise<void>;
}

const EDITABLE = ['READY', 'NOT_READY'];
const json = (v: unknown) => JSON.stringify(v ?? null);

/** A stored version as the routes answer it. */
export function versionAnswer(r: VersionWithName): FlowVersion {
  return {
    id: r.id,
    flowId: r.flow_id,
    name: r.name,
    description: r.description,
    versionNumber: r.version_number,
    status: r.status as FlowVersionStatus,
    validationErrors: JSON.parse(r.errors),
    elements: JSON.parse(r.elements),
    transitions: JSON.parse(r.transitions),
    schedule: r.schedule === null ? null : JSON.parse(r.schedule),
    created: r.created,
    updated: r.updated,
  };
}

/** The definition a version row holds. */
export function definitionOf(r: VersionRow): FlowDefinition {
  return { elements: JSON.parse(r.elements), transitions: JSON.parse(r.transitions) };
}

/** The stored columns of a definition, validated: READY or NOT_READY with its errors. */
function checked(body: FlowDefinitionInput) {
  const def = normalise(body.elements, body.transitions);
  const errors = validate(def);
  return {
    elements: json(def.elements),
    transitions: json(def.transitions),
    errors: json(errors),
    status: errors.length ? 'NOT_READY' : 'READY',
  };
}

/**
 * Flows and their versions (decision 0067): a flow is a named group of versions; a version is
 * saved whatever its definition holds and validated to READY or NOT_READY; at most one version
 * of a flow is LIVE or PAUSED, and that one cannot be edited or deleted.
 */
export class FlowsService {
  readonly repo: FlowsRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly lifecycle: FlowLifecycle,
  ) {
    this.repo = new FlowsRepo(ctx.dbs);
  }

  async list(appId: string): Promise<FlowVersion[]> {
    return (await this.repo.versions(appId)).map(versionAnswer);
  }

  async withElements(appId: string) {
    return (await this.repo.versions(appId)).map((r) => ({
      id: r.id,
      flowId: r.flow_id,
      name: r.name,
      status: r.status as FlowVersionStatus,
      elements: (JSON.parse(r.elements) as FlowDefinition['elements']).map(({ id, name, type }) => ({
        id,
        name,
        type,
      })),
    }));
  }

  async row(appId: string, versionId: string): Promise<VersionWithName> {
    const r = await this.repo.version(appId, versionId);
    if (!r) throw ApiError.notFound(`Flow version '${versionId.slice(0, 64)}' does not exist`);
    return r;
  }

  async get(appId: string, versionId: string): Promise<FlowVersion> {
    return versionAnswer(await this.row(appId, versionId));
  }

  private async freeName(appId: string, wanted: string, suffixIfTaken: boolean): Promise<string> {
    const name = wanted.trim();
    if (!name) throw ApiError.field('BAD_REQUEST', 'name', 'A flow needs a name');
    if (!(await this.repo.flowNamed(appId, name))) return name;
    if (!suffixIfTaken) throw ApiError.conflict(`A flow named '${name}' already exists`);
    for (let i = 2; ; i++) {
      const candidate = `${name} (${i})`.slice(0, 200);
      if (!(await this.repo.flowNamed(appId, candidate))) return candidate;
    }
  }

  /** A new flow with its version 1; `fromImport` renames instead of refusing a taken name. */
  async create(appId: string, body: FlowDefinitionInput, fromImport = false): Promise<FlowVersion> {
    const name = await this.freeName(appId, body.name ?? '', fromImport);
    const now = Date.now();
    const flowId = crypto.randomUUID();
    const version: VersionRow = {
      id: crypto.randomUUID(),
      flow_id: flowId,
      app_id: appId,
      version_number: 1,
      description: body.description ?? '',
      schedule: body.schedule ? json(body.schedule) : null,
      config_id: null,
      created: now,
      updated: null,
      ...checked(body),
    };
    try {
      await this.repo.insertFlow({ id: flowId, app_id: appId, name, created: now }, version);
    } catch (err) {
      // Two creates with one name at the same moment: the unique index decides.
      if (await this.repo.flowNamed(appId, name)) throw ApiError.conflict(`A flow named '${name}' already exists`);
      throw err;
    }
    return this.get(appId, version.id);
  }

  private async editable(appId: string, versionId: string): Promise<VersionWithName> {
    const r = await this.row(appId, versionId);
    if (!EDITABLE.includes(r.status))
      throw ApiError.conflict(
        `Version ${r.version_number} of '${r.name}' is ${r.status}: terminate it or create a new version to edit`,
      );
    return r;
  }

  private async change(appId: string, r: VersionWithName, change: Partial<VersionRow>): Promise<FlowVersion> {
    if (!(await this.repo.updateVersion(r.id, EDITABLE, { ...change, updated: Date.now() })))
      throw ApiError.conflict(`Version ${r.version_number} of '${r.name}' changed state meanwhile; reload it`);
    return this.get(appId, r.id);
  }

  async update(appId: string, versionId: string, body: FlowDefinitionInput): Promise<FlowVersion> {
    const r = await this.editable(appId, versionId);
    if (body.name !== undefined && body.name.trim() !== r.name) await this.rename(appId, r.flow_id, body.name);
    return this.change(appId, r, {
      ...checked(body),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.schedule !== undefined ? { schedule: body.schedule === null ? null : json(body.schedule) } : {}),
    });
  }

  async describe(appId: string, versionId: string, description: string): Promise<FlowVersion> {
    return this.change(appId, await this.editable(appId, versionId), { description });
  }

  async schedule(appId: string, versionId: string, schedule: Record<string, unknown>): Promise<FlowVersion> {
    return this.change(appId, await this.editable(appId, versionId), { schedule: json(schedule) });
  }

  async removeVersion(appId: string, versionId: string): Promise<void> {
    const r = await this.editable(appId, versionId);
    await this.repo.deleteVersion(r.id);
    // The last version takes its flow with it: a flow with no version cannot be listed or opened.
    if (!(await this.repo.flowVersions(r.flow_id)).length) await this.repo.deleteFlow(r.flow_id);
  }

  async rename(appId: string, flowId: string, wanted: string): Promise<{ flowId: string; name: string }> {
    const flow = await this.repo.flow(appId, flowId);
    if (!flow) throw ApiError.notFound(`Flow '${flowId.slice(0, 64)}' does not exist`);
    const name = wanted.trim() === flow.name ? flow.name : await this.freeName(appId, wanted, false);
    await this.repo.renameFlow(appId, flowId, name);
    return { flowId, name };
  }

  async removeFlow(appId: string, flowId: string): Promise<void> {
    const flow = await this.repo.flow(appId, flowId);
    if (!flow) throw ApiError.notFound(`Flow '${flowId.slice(0, 64)}' does not exist`);
    const running = (await this.repo.flowVersions(flowId)).find((v) => !EDITABLE.includes(v.status));
    if (running)
      throw ApiError.conflict(
        `Version ${running.version_number} of '${flow.name}' is ${running.status}: terminate it first`,
      );
    await this.repo.deleteFlow(flowId);
  }

  /** A copy of the version (definition, description, schedule) as the flow's next version. */
  async clone(appId: string, versionId: string): Promise<FlowVersion> {
    const { name: _name, version_number: _n, ...r } = await this.row(appId, versionId);
    const id = crypto.randomUUID();
    await this.repo.insertVersion({
      ...r,
      id,
      status: r.status === 'NOT_READY' ? 'NOT_READY' : 'READY',
      config_id: null,
      created: Date.now(),
      updated: null,
    });
    return this.get(appId, id);
  }

  async enable(appId: string, versionId: string): Promise<FlowVersion> {
    const r = await this.row(appId, versionId);
    if (r.status === 'LIVE') return versionAnswer(r);
    if (r.status === 'NOT_READY')
      throw ApiError.conflict(
        `Version ${r.version_number} of '${r.name}' is NOT_READY: fix its validation errors first`,
      );
    // A paused version keeps the snapshot its waiting instances run with.
    const definition = json(definitionOf(r));
    const config =
      r.status === 'PAUSED' && r.config_id
        ? { id: r.config_id, version_id: r.id, definition, created: Date.now() }
        : { id: crypto.randomUUID(), version_id: r.id, definition, created: Date.now() };
    const outcome = await this.repo.enable(r, config, ['READY', 'PAUSED']);
    if (outcome === 'busy')
      throw ApiError.conflict(
        `Another version of '${r.name}' is LIVE or PAUSED: terminate it before enabling this one`,
      );
    if (outcome === 'changed')
      throw ApiError.conflict(`Version ${r.version_number} of '${r.name}' changed state meanwhile`);
    this.ctx.bus.emit('flow.version.enabled', { appId, versionId: r.id });
    return this.after(appId, r.id);
  }

  async pause(appId: string, versionId: string): Promise<FlowVersion> {
    const r = await this.row(appId, versionId);
    if (!(await this.repo.updateVersion(r.id, ['LIVE'], { status: 'PAUSED', updated: Date.now() })))
      throw ApiError.conflict(`Version ${r.version_number} of '${r.name}' is ${r.status}, not LIVE`);
    return this.after(appId, r.id);
  }

  async terminate(appId: string, versionId: string): Promise<FlowVersion> {
    const r = await this.row(appId, versionId);
    if (!(await this.repo.updateVersion(r.id, ['LIVE', 'PAUSED'], { status: 'READY', updated: Date.now() })))
      throw ApiError.conflict(`Version ${r.version_number} of '${r.name}' is ${r.status}, neither LIVE nor PAUSED`);
    await this.lifecycle.stopAll(appId, r.id);
    return this.after(appId, r.id);
  }

  private async after(appId: string, versionId: string): Promise<FlowVersion> {
    const r = await this.row(appId, versionId);
    await this.lifecycle.changed(appId, r);
    return versionAnswer(r);
  }

  async exportVersion(appId: string, versionId: string): Promise<FlowExport> {
    const v = await this.get(appId, versionId);
    return {
      format: 'basalt.flow',
      formatVersion: 1,
      name: v.name,
      description: v.description,
      elements: v.elements,
      transitions: v.transitions,
      schedule: v.schedule,
    };
  }

  /** An export as the next version of a flow named by its id or by one of its versions' ids. */
  async importVersion(appId: string, flowOrVersionId: string, body: FlowDefinitionInput): Promise<FlowVersion> {
    const flow =
      (await this.repo.flow(appId, flowOrVersionId)) ??
      (await this.repo.version(appId, flowOrVersionId).then((v) => v && this.repo.flow(appId, v.flow_id)));
    if (!flow) throw ApiError.notFound(`Flow '${flowOrVersionId.slice(0, 64)}' does not exist`);
    const id = crypto.randomUUID();
    await this.repo.insertVersion({
      id,
      flow_id: flow.id,
      app_id: appId,
      description: body.description ?? '',
      schedule: body.schedule ? json(body.schedule) : null,
      config_id: null,
      created: Date.now(),
      updated: null,
      ...checked(body),
    });
    return this.get(appId, id);
  }
}
