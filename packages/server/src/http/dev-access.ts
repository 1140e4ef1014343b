import { DevOperationNames } from '@basalt/shared';
import type { Databases } from '../db/dialect.js';
import type { AppsTable } from '../db/system-schema.js';
import { ApiError } from './api-error.js';
import { accessGeneration, accessMemory } from './access-cache.js';
import { ConsoleAccessRepo } from './console-access.repo.js';

export interface AppAccess {
  app: AppsTable;
  role: 'owner' | 'member';
  /** Operation id → access, for members (owners have everything). */
  permissions: Map<number, 'GRANT' | 'DENY'>;
}

/**
 * The one place that decides whether a developer may act in an app (operations: `DevOperations`
 * in `packages/shared/src/dev-permissions.ts`). The owner may do
 * everything; a team member may read and may change what their permissions GRANT (an operation
 * with no entry is granted: members start with full rights until the owner denies some).
 */
export async function loadAppAccess(dbs: Databases, developerId: string, appId: string): Promise<AppAccess> {
  const key = `${developerId}\u0000${appId}`;
  const remembered = accesses.get(key);
  if (remembered) return remembered;
  const since = accessGeneration();
  const access = await readAppAccess(dbs, developerId, appId);
  accesses.set(key, access, since);
  return access;
}

/** App access decided in the last moments (see access-cache.ts); refusals are never remembered. */
const accesses = accessMemory<AppAccess>();

async function readAppAccess(dbs: Databases, developerId: string, appId: string): Promise<AppAccess> {
  const repo = new ConsoleAccessRepo(dbs);
  const app = await repo.app(appId);
  if (!app) throw ApiError.notFound(`Application ${appId} not found`);
  if (app.owner_id === developerId) return { app, role: 'owner', permissions: new Map() };
  const member = await repo.membership(appId, developerId);
  // Not a member: answer 404 as for a missing app, so ids of other developers' apps do not leak.
  if (!member) throw ApiError.notFound(`Application ${appId} not found`);
  const list = JSON.parse(member.permissions || '[]') as Array<{ operation: number; access: 'GRANT' | 'DENY' }>;
  return { app, role: 'member', permissions: new Map(list.map((p) => [Number(p.operation), p.access])) };
}

export function assertOperation(access: AppAccess, operation: number): void {
  if (access.role === 'owner') return;
  if (access.permissions.get(operation) === 'DENY') {
    const name = DevOperationNames[operation] ?? 'this operation';
    throw ApiError.forbidden(`This action needs the '${name}' (${operation}) permission in this application`, {
      operation,
    });
  }
}

/** The first registered developer, remembered briefly (the operator when BASALT_ADMINS is empty). */
let firstDeveloper: { id: string; at: number; dbs: Databases } | undefined;

/**
 * Whether a developer is an instance operator (decision 0082): named in BASALT_ADMINS by e-mail,
 * or, when that list is empty, the first developer who registered. Operators give private plans
 * and see the whole catalogue; later areas (approvals, moderation) ask the same question here.
 */
export async function isInstanceOperator(
  dbs: Databases,
  admins: readonly string[],
  developer: { id: string; email: string },
): Promise<boolean> {
  if (admins.length > 0) return admins.includes(developer.email.toLowerCase());
  if (!firstDeveloper || firstDeveloper.dbs !== dbs || Date.now() - firstDeveloper.at > 60_000) {
    const row = await new ConsoleAccessRepo(dbs).firstDeveloper();
    firstDeveloper = row ? { id: row.id, at: Date.now(), dbs } : undefined;
  }
  return firstDeveloper?.id === developer.id;
}

/** 403 for a developer who is not an instance operator. */
export async function assertInstanceOperator(
  dbs: Databases,
  admins: readonly string[],
  developer: { id: string; email: string },
): Promise<void> {
  if (!(await isInstanceOperator(dbs, admins, developer)))
    throw ApiError.forbidden('Only an operator of this server may do this (BASALT_ADMINS)');
}

/** 403 FEATURE_DISABLED when the operator switched the area off (BASALT_FEATURES). */
export function assertFeature(features: Readonly<Record<string, boolean>>, feature: string, title: string): void {
  if (features[feature] === false)
    throw new ApiError('FEATURE_DISABLED', `${title} is switched off on this server (BASALT_FEATURES)`, { feature });
}
