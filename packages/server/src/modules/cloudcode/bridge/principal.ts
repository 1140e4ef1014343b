import type { ServerContext } from '../../../context.js';
import type { AppCaller } from '../../../http/app-auth.js';
import type { CodeCaller } from '../runtime/invoke.js';

/** The caller the code's API calls are made as: the invocation's caller plus `ServerCodeUser`. */
export type Principal = AppCaller & { depth: number };

/**
 * The invocation's caller (user, token and roles) with the `ServerCodeUser` role added; for a timer
 * (no caller) the BL key's anonymous caller, which has that role. `depth` travels with it, so a
 * handler the code's own calls set off runs one level deeper.
 */
export async function principalOf(
  ctx: ServerContext,
  appId: string,
  caller: CodeCaller | null,
  depth: number,
): Promise<Principal> {
  const base = caller ?? (await ctx.security.callerFor(appId, 'BL', null));
  let roles = base.roles;
  if (!roles.some((r) => r.name === 'ServerCodeUser')) {
    const role = await ctx.security.roles.find(appId, 'ServerCodeUser');
    if (role) roles = [...roles, { id: role.id, name: role.name }];
  }
  return {
    appId,
    deviceType: base.deviceType,
    userId: base.userId,
    roles,
    apiKey: (caller as Partial<AppCaller> | null)?.apiKey ?? '',
    token: caller?.token ?? null,
    depth,
  };
}
