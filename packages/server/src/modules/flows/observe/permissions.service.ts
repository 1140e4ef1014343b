import type { FlowPermissions } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { Caller } from '../../security/permission-engine.js';
import type { FlowRow, FlowsRepo } from '../flows.repo.js';
import type { PermissionRow, PermissionsRepo } from './permissions.repo.js';

const short = (s: string) => s.slice(0, 64);

/** How a call of the app API names the flow it acts on. */
export type FlowRef = { name: string } | { id: string } | { flow: FlowRow };

/**
 * Who may run a flow from the app API (decision 0075): rules per user and per role for all the
 * flow's versions. A rule for the caller's user decides; otherwise a DENY on any of the caller's
 * roles refuses; otherwise the call is granted (no rule means granted, as the guide says).
 * `assertMay` is the one place every app-API entry into a flow checks it.
 */
export class FlowPermissionsService {
  constructor(
    private readonly flows: FlowsRepo,
    private readonly repo: PermissionsRepo,
  ) {}

  private async flow(appId: string, flowId: string): Promise<FlowRow> {
    const flow = await this.flows.flow(appId, flowId);
    if (!flow) throw ApiError.notFound(`Flow '${short(flowId)}' does not exist`);
    return flow;
  }

  private answer(rows: PermissionRow[]): FlowPermissions {
    return {
      roles: rows.filter((r) => r.kind === 'role').map((r) => ({ role: r.subject, access: r.access })),
      users: rows.filter((r) => r.kind === 'user').map((r) => ({ userId: r.subject, access: r.access })),
    };
  }

  async get(appId: string, flowId: string): Promise<FlowPermissions> {
    await this.flow(appId, flowId);
    return this.answer(await this.repo.rules(flowId));
  }

  async set(appId: string, flowId: string, body: FlowPermissions): Promise<FlowPermissions> {
    await this.flow(appId, flowId);
    const rows = new Map<string, PermissionRow>();
    for (const r of body.roles)
      rows.set(`role:${r.role}`, { flow_id: flowId, kind: 'role', subject: r.role, access: r.access });
    for (const u of body.users)
      rows.set(`user:${u.userId}`, { flow_id: flowId, kind: 'user', subject: u.userId, access: u.access });
    await this.repo.replace(flowId, [...rows.values()]);
    return this.get(appId, flowId);
  }

  /** The flow a reference names (by name, by its id or one of its versions' ids); 404 otherwise. */
  async resolve(appId: string, ref: FlowRef): Promise<FlowRow> {
    if ('flow' in ref) return ref.flow;
    const flow =
      'name' in ref
        ? await this.flows.flowNamed(appId, ref.name)
        : ((await this.flows.flow(appId, ref.id)) ??
          (await this.flows.version(appId, ref.id).then((v) => v && this.flows.flow(appId, v.flow_id))));
    if (!flow) throw ApiError.notFound(`Flow '${short('name' in ref ? ref.name : ref.id)}' does not exist`);
    return flow;
  }

  /** Refuses (403) a caller the flow's rules deny. */
  async assertMay(caller: Caller, ref: FlowRef): Promise<FlowRow> {
    const flow = await this.resolve(caller.appId, ref);
    const rules = await this.repo.rules(flow.id);
    if (!rules.length) return flow;
    const user = caller.userId ? rules.find((r) => r.kind === 'user' && r.subject === caller.userId) : undefined;
    const roles = new Set(caller.roles.map((r) => r.name));
    const denied = user
      ? user.access === 'DENY'
      : rules.some((r) => r.kind === 'role' && r.access === 'DENY' && roles.has(r.subject));
    if (denied) throw ApiError.forbidden(`You may not run flow '${flow.name}'`);
    return flow;
  }
}
