import type { CacheDirective, CachePolicy, CachePolicyInput, CachePolicyService } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { CacheControlRepo } from './cache-control.repo.js';

const SERVICES: readonly CachePolicyService[] = ['data', 'files'];
const DIRECTIVES: readonly CacheDirective[] = ['no-cache', 'private', 'public'];
/** A year: what HTTP caches treat as "forever" (RFC 9111 advises no more). */
const MAX_AGE_LIMIT = 31_536_000;
/** Only a safety net: changes drop the memory at once through the invalidation bus (decision 0030). */
const MEMORY_MS = 30_000;
const MAX_APPS = 10_000;

/** An app's policies as the app API reads them on every GET: per service, by target. */
export interface AppPolicies {
  data: Map<string, CachePolicy>;
  /** Files prefixes, longest first, so the first that matches is the most specific. */
  files: CachePolicy[];
  fallbackFiles?: CachePolicy;
}

const EMPTY: AppPolicies = Object.freeze({ data: new Map(), files: [] }) as AppPolicies;

/** A files target as stored: no leading or trailing slash, no empty, `.` or `..` part. */
function filesTarget(raw: string): string {
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  if (trimmed === '' || trimmed === '*') return '*';
  const parts = trimmed.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..'))
    throw ApiError.field('BAD_REQUEST', 'target', `'${raw}' is not a files path (no empty, '.' or '..' parts)`);
  return parts.join('/');
}

/**
 * Caching policies of the app API's GET answers (decision 0064): stored per app in the system
 * database, kept in memory for the app API, dropped on every node through the invalidation bus.
 */
export class CacheControlService {
  private readonly repo: CacheControlRepo;
  private readonly memory = new Map<string, { policies: AppPolicies; at: number }>();

  constructor(private readonly ctx: ServerContext) {
    this.repo = new CacheControlRepo(ctx.dbs);
    ctx.cluster.invalidation.register('cache-control', (appId) =>
      appId === null ? this.memory.clear() : this.memory.delete(appId),
    );
  }

  /** The app's policies when this node holds them fresh (no read, no promise), else undefined. */
  known(appId: string): AppPolicies | undefined {
    const hit = this.memory.get(appId);
    return hit && Date.now() - hit.at < MEMORY_MS ? hit.policies : undefined;
  }

  /** The app's policies, read once and kept until a change (or the safety limit). */
  async policies(appId: string): Promise<AppPolicies> {
    const hit = this.known(appId);
    if (hit) return hit;
    const bus = this.ctx.cluster.invalidation;
    const since = bus.version(appId);
    const rows = await this.repo.all(appId);
    const policies = rows.length === 0 ? EMPTY : indexed(rows);
    // A change announced while this read ran must not leave the old policies kept.
    if (bus.version(appId) !== since) return policies;
    if (this.memory.size >= MAX_APPS) this.memory.clear();
    this.memory.set(appId, { policies, at: Date.now() });
    return policies;
  }

  async list(appId: string, service: string): Promise<CachePolicy[]> {
    const s = this.service(service);
    return (await this.repo.all(appId)).filter((p) => p.service === s);
  }

  async get(appId: string, service: string, target: string): Promise<CachePolicy> {
    const s = this.service(service);
    const t = await this.target(appId, s, target);
    const found = (await this.repo.all(appId)).find((p) => p.service === s && p.target === t);
    if (!found) throw ApiError.notFound(`${s} target '${t}' has no caching policy`);
    return found;
  }

  async create(appId: string, service: string, target: string, body: CachePolicyInput): Promise<CachePolicy> {
    const s = this.service(service);
    const t = await this.target(appId, s, target);
    const now = Date.now();
    const defaults = { cacheControl: 'no-cache' as const, maxAge: 0, etag: true };
    const policy: CachePolicy = { service: s, target: t, ...checked(body, defaults), created: now, updated: now };
    if (!(await this.repo.insert(appId, policy)))
      throw ApiError.conflict(`${s} target '${t}' has a caching policy already: change it instead`);
    await this.ctx.cluster.invalidation.changed('cache-control', appId);
    return policy;
  }

  async update(appId: string, service: string, target: string, body: CachePolicyInput): Promise<CachePolicy> {
    const current = await this.get(appId, service, target);
    const policy: CachePolicy = { ...current, ...checked(body, current), updated: Date.now() };
    if (!(await this.repo.update(appId, policy)))
      throw ApiError.notFound(`${current.service} target '${current.target}' has no caching policy`);
    await this.ctx.cluster.invalidation.changed('cache-control', appId);
    return policy;
  }

  async remove(appId: string, service: string, target: string): Promise<{ success: boolean }> {
    const s = this.service(service);
    const t = s === 'files' ? filesTarget(target) : target;
    if (!(await this.repo.remove(appId, s, t))) throw ApiError.notFound(`${s} target '${t}' has no caching policy`);
    await this.ctx.cluster.invalidation.changed('cache-control', appId);
    return { success: true };
  }

  private service(service: string): CachePolicyService {
    if (!SERVICES.includes(service as CachePolicyService))
      throw ApiError.field('BAD_REQUEST', 'service', `Unknown service '${service}': use ${SERVICES.join(' or ')}`);
    return service as CachePolicyService;
  }

  /** A data target is a table of the app (or `*`); a files target a clean path prefix (or `*`). */
  private async target(appId: string, service: CachePolicyService, target: string): Promise<string> {
    if (service === 'files') return filesTarget(target);
    if (target === '*') return target;
    const table = (await this.ctx.data.schema(appId)).table(target);
    if (!table) throw new ApiError('TABLE_NOT_FOUND', `Table '${target}' does not exist`);
    return table.name;
  }
}

/** The policy fields of a body, each checked and named when wrong; missing ones from `base`. */
function checked(
  body: CachePolicyInput | undefined,
  base: Pick<CachePolicy, 'cacheControl' | 'maxAge' | 'etag'>,
): Pick<CachePolicy, 'cacheControl' | 'maxAge' | 'etag'> {
  const b = body ?? {};
  const cacheControl = b.cacheControl ?? base.cacheControl;
  if (!DIRECTIVES.includes(cacheControl as CacheDirective))
    throw ApiError.field('BAD_REQUEST', 'cacheControl', `'cacheControl' must be one of ${DIRECTIVES.join(', ')}`);
  const maxAge = b.maxAge === undefined ? base.maxAge : Number(b.maxAge);
  if (!Number.isSafeInteger(maxAge) || maxAge < 0 || maxAge > MAX_AGE_LIMIT)
    throw ApiError.field('BAD_REQUEST', 'maxAge', `'maxAge' must be whole seconds from 0 to ${MAX_AGE_LIMIT}`);
  return { cacheControl: cacheControl as CacheDirective, maxAge, etag: b.etag ?? base.etag };
}

function indexed(rows: CachePolicy[]): AppPolicies {
  const data = new Map<string, CachePolicy>();
  const files: CachePolicy[] = [];
  let fallbackFiles: CachePolicy | undefined;
  for (const p of rows) {
    if (p.service === 'data') data.set(p.target, p);
    else if (p.target === '*') fallbackFiles = p;
    else files.push(p);
  }
  files.sort((a, b) => b.target.length - a.target.length);
  return { data, files, fallbackFiles };
}

/** The policy of a table: its own, else the service-wide `*` one. */
export function dataPolicy(p: AppPolicies, table: string): CachePolicy | undefined {
  return p.data.get(table) ?? p.data.get('*');
}

/** The policy of a file path: the longest prefix made of whole path parts, else `*`. */
export function filesPolicy(p: AppPolicies, path: string): CachePolicy | undefined {
  for (const policy of p.files) if (path === policy.target || path.startsWith(`${policy.target}/`)) return policy;
  return p.fallbackFiles;
}
