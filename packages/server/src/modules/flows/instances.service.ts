import type { ElementExecution, FlowInstance, FlowInstanceStatus } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import type { FlowsService } from './flows.service.js';
import type { InstanceRow } from './engine/instances.repo.js';
import type { Engine } from './engine/runner.js';

const STATUSES = ['RUNNING', 'WAITING', 'COMPLETED', 'FAILED', 'STOPPED'];
const DEFAULT_PAGE = 100;

export interface InstanceQuery {
  status?: string | string[];
  offset?: number;
  pageSize?: number;
  limit?: number;
  fromDate?: number;
  toDate?: number;
  debug?: boolean;
}

const parse = (v: string | null) => (v === null ? null : JSON.parse(v));

export function instanceAnswer(r: InstanceRow): FlowInstance {
  return {
    executionId: r.id,
    status: r.status as FlowInstanceStatus,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    ...(r.error ? { error: JSON.parse(r.error) } : {}),
  };
}

/** The analytics side of flows: instances of a version and what each element did in them. */
export class InstancesService {
  constructor(
    private readonly flows: FlowsService,
    private readonly engine: Engine,
  ) {}

  /** The version, checked to be the app's and the flow's (404 otherwise). */
  private async version(appId: string, flowId: string, versionId: string): Promise<void> {
    const v = await this.flows.row(appId, versionId);
    if (v.flow_id !== flowId)
      throw ApiError.notFound(
        `Flow version '${versionId.slice(0, 64)}' is not a version of flow '${flowId.slice(0, 64)}'`,
      );
  }

  private filter(versionId: string, q: InstanceQuery) {
    const list = q.status === undefined ? [] : Array.isArray(q.status) ? q.status : [q.status];
    const statuses = list.map((s) => s.toUpperCase());
    const bad = statuses.find((s) => !STATUSES.includes(s));
    if (bad) throw ApiError.field('BAD_REQUEST', 'status', `Unknown instance status '${bad}' (${STATUSES.join(', ')})`);
    return { versionId, statuses, from: q.fromDate, to: q.toDate, debug: q.debug === true };
  }

  async find(appId: string, flowId: string, versionId: string, q: InstanceQuery) {
    await this.version(appId, flowId, versionId);
    const f = this.filter(versionId, q);
    const rows = await this.engine.instances.find(f, q.offset ?? 0, q.pageSize ?? q.limit ?? DEFAULT_PAGE);
    return { data: rows.map(instanceAnswer), totalCount: await this.engine.instances.count(f) };
  }

  async count(appId: string, flowId: string, versionId: string, q: InstanceQuery): Promise<number> {
    await this.version(appId, flowId, versionId);
    return this.engine.instances.count(this.filter(versionId, q));
  }

  private async instance(appId: string, flowId: string, versionId: string, executionId: string): Promise<InstanceRow> {
    await this.version(appId, flowId, versionId);
    const r = await this.engine.instances.get(executionId);
    if (!r || r.version_id !== versionId)
      throw ApiError.notFound(`Flow instance '${executionId.slice(0, 64)}' does not exist`);
    return r;
  }

  async details(appId: string, flowId: string, versionId: string, executionId: string) {
    const r = await this.instance(appId, flowId, versionId, executionId);
    const steps = await this.engine.instances.steps(r.id);
    return {
      ...instanceAnswer(r),
      flowId: r.flow_id,
      versionId: r.version_id,
      configId: r.config_id,
      debugSessionId: r.debug_session ?? null,
      result: parse(r.result),
      steps: steps.map((s) => ({
        elementId: s.element_id,
        status: s.status,
        startedAt: s.started_at,
        finishedAt: s.finished_at,
      })),
    };
  }

  async initialData(appId: string, flowId: string, versionId: string, executionId: string) {
    const r = await this.instance(appId, flowId, versionId, executionId);
    return { initialData: JSON.parse(r.initial_data), staticData: {} };
  }

  /** The element's attempts in the instance, with the input and output of its last one. */
  async element(
    appId: string,
    flowId: string,
    versionId: string,
    executionId: string,
    elementId: string,
  ): Promise<ElementExecution> {
    const r = await this.instance(appId, flowId, versionId, executionId);
    const steps = await this.engine.instances.steps(r.id, elementId);
    const last = steps.at(-1);
    return {
      input: last ? parse(last.input) : null,
      output: last ? parse(last.output) : null,
      attempts: steps.map((s) => ({
        status: s.status,
        startedAt: s.started_at,
        finishedAt: s.finished_at,
        ...(s.error ? { error: JSON.parse(s.error) } : {}),
      })),
    };
  }

  async stop(appId: string, flowId: string, versionId: string, executionId: string): Promise<FlowInstance> {
    await this.instance(appId, flowId, versionId, executionId);
    return instanceAnswer(await this.engine.stop(appId, versionId, executionId));
  }
}
