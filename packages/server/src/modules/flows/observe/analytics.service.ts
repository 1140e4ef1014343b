import type { FlowError, FlowLogEntry, FlowStepMetrics, FlowVersionMetrics } from '@basalt/shared';
import { FLOW_LOG_LEVELS } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import { definitionOf, type FlowsService } from '../flows.service.js';
import type { FlowsRepo, VersionWithName } from '../flows.repo.js';
import { levelRank } from '../engine/instances.repo.js';
import type { AnalyticsRepo } from './analytics.repo.js';

const DEFAULT_LEVEL = 'INFO';
const LOG_PAGE = 100;
const RECORDED_ERRORS = 100;

export interface RangeInput {
  fromDate?: number;
  toDate?: number;
}

export interface LogsInput {
  filters?: { level?: string; executionId?: string; elementId?: string; fromDate?: number; toDate?: number };
  pagination?: { limit?: number; offset?: number };
}

const short = (s: string) => s.slice(0, 64);

/** A version of the flow named in the path (404 when it is another flow's). */
export async function versionOfFlow(
  flows: FlowsService,
  appId: string,
  flowId: string,
  versionId: string,
): Promise<VersionWithName> {
  const v = await flows.row(appId, versionId);
  if (v.flow_id !== flowId)
    throw ApiError.notFound(`Flow version '${short(versionId)}' is not a version of flow '${short(flowId)}'`);
  return v;
}

function range(q: RangeInput) {
  if (q.fromDate !== undefined && q.toDate !== undefined && q.fromDate > q.toDate)
    throw ApiError.field('BAD_REQUEST', 'fromDate', 'fromDate must not be after toDate');
  return { from: q.fromDate, to: q.toDate };
}

function levelOf(level: string, field: string): string {
  const up = level.toUpperCase();
  if (!(FLOW_LOG_LEVELS as readonly string[]).includes(up))
    throw ApiError.field(
      'BAD_REQUEST',
      field,
      `Unknown log level '${level.slice(0, 20)}' (${FLOW_LOG_LEVELS.join(', ')})`,
    );
  return up;
}

/** Version and step metrics, recorded errors, historical configs, logs and their level per flow. */
export class AnalyticsService {
  constructor(
    private readonly flows: FlowsService,
    private readonly flowRows: FlowsRepo,
    private readonly repo: AnalyticsRepo,
    /** Compliance of the version's SLA goals over a range (sla/). */
    private readonly compliance: (
      appId: string,
      versionId: string,
      from?: number,
      to?: number,
    ) => Promise<FlowVersionMetrics['sla']>,
  ) {}

  async versionMetrics(appId: string, flowId: string, versionId: string, q: RangeInput): Promise<FlowVersionMetrics> {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const r = { versionId, ...range(q) };
    const counts = await this.repo.statusCounts(r);
    const c = (s: string) => counts[s] ?? 0;
    return {
      fromDate: q.fromDate ?? null,
      toDate: q.toDate ?? null,
      instances: {
        total: Object.values(counts).reduce((a, b) => a + b, 0),
        running: c('RUNNING'),
        waiting: c('WAITING'),
        completed: c('COMPLETED'),
        failed: c('FAILED'),
        stopped: c('STOPPED'),
      },
      durationMs: await this.repo.instanceDurations(r),
      sla: await this.compliance(appId, versionId, r.from, r.to),
    };
  }

  async stepMetrics(appId: string, flowId: string, versionId: string, q: RangeInput): Promise<FlowStepMetrics[]> {
    const v = await versionOfFlow(this.flows, appId, flowId, versionId);
    const names = new Map(definitionOf(v).elements.map((e) => [e.id, e.name]));
    const stats = await this.repo.stepStats({ versionId, ...range(q) });
    return stats.map((s) => ({ ...s, elementName: names.get(s.elementId) ?? null }));
  }

  async recordedErrors(appId: string, flowId: string, versionId: string, handlerId: string, q: RangeInput) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const { rows, total } = await this.repo.recordedErrors({ versionId, ...range(q) }, handlerId, RECORDED_ERRORS);
    return {
      data: rows.map((x) => ({ ...x, error: x.error === null ? null : (JSON.parse(x.error) as FlowError) })),
      totalCount: total,
    };
  }

  async clean(appId: string, flowId: string, versionId: string): Promise<{ deleted: number }> {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    return { deleted: await this.repo.clean(versionId) };
  }

  async historicalConfig(appId: string, flowId: string, versionId: string, configId: string) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const row = await this.repo.config(versionId, configId);
    if (!row) throw ApiError.notFound(`Flow config '${short(configId)}' is not a config of this version`);
    const def = JSON.parse(row.definition) as FlowDefinition;
    return { configId: row.id, versionId, created: row.created, elements: def.elements, transitions: def.transitions };
  }

  async logs(appId: string, versionId: string, body: LogsInput): Promise<{ data: FlowLogEntry[]; totalCount: number }> {
    await this.flows.row(appId, versionId);
    const f = body.filters ?? {};
    const least = f.level === undefined ? undefined : levelRank(levelOf(f.level, 'filters.level'));
    const { rows, total } = await this.repo.findLogs(
      {
        versionId,
        levels: least === undefined ? undefined : FLOW_LOG_LEVELS.filter((l) => levelRank(l) >= least),
        executionId: f.executionId,
        elementId: f.elementId,
        ...range({ fromDate: f.fromDate, toDate: f.toDate }),
      },
      body.pagination?.offset ?? 0,
      body.pagination?.limit ?? LOG_PAGE,
    );
    return { data: rows, totalCount: total };
  }

  private async flow(appId: string, flowId: string) {
    const flow = await this.flowRows.flow(appId, flowId);
    if (!flow) throw ApiError.notFound(`Flow '${short(flowId)}' does not exist`);
    return flow;
  }

  async logLevel(appId: string, flowId: string) {
    await this.flow(appId, flowId);
    return { level: ((await this.repo.logLevel(flowId)) ?? DEFAULT_LEVEL) as 'INFO' };
  }

  async setLogLevel(appId: string, flowId: string, level: string) {
    await this.flow(appId, flowId);
    const l = levelOf(level, 'level');
    await this.repo.setLogLevel(flowId, l);
    return { level: l as 'INFO' };
  }
}
