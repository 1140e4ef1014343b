import { Routes, type AppWarnings, type MainMenuItem, type StatusInfo } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.system;
const STATUS_MEMO = 'system.status';

export type { MainMenuItem };

/** Platform status and main menu (`system` group of the reference client). */
export function createSystemGroup({ request, context }: GroupContext) {
  return {
    /**
     * Server status. Repeated calls share one request (pending or settled) unless `force` is
     * truthy; when that request fails the memo is dropped and the error re-thrown, so the next
     * call asks again.
     */
    loadStatus(force?: boolean): Promise<StatusInfo> {
      const memo = context.memo.get(STATUS_MEMO) as Promise<StatusInfo> | undefined;
      if (memo && !force) return memo;
      const pending: Promise<StatusInfo> = request.route(r.loadStatus).catch((err: unknown) => {
        if (context.memo.get(STATUS_MEMO) === pending) context.memo.delete(STATUS_MEMO);
        throw err;
      });
      context.memo.set(STATUS_MEMO, pending);
      return pending;
    },

    /** Items of the console's main menu, with the availability of each area. */
    loadMainMenu(): Promise<MainMenuItem[]> {
      return request.route(r.loadMainMenu);
    },
  };
}

/** The `system` group's methods. */
export type SystemGroup = ReturnType<typeof createSystemGroup>;

/** The callable `status(force)` of the reference client. */
export type StatusFunction = (force?: boolean) => Promise<StatusInfo>;

/** What `status()` prints on every call, as the reference client does. */
export const STATUS_DEPRECATION = 'apiClient.status(force) is deprecated, use apiClient.system.loadStatus(force)';

/**
 * `status(force)`: deprecated alias of `system.loadStatus(force)`, kept for code written against
 * the reference client; warns on every call.
 */
export function createStatus(system: SystemGroup): StatusFunction {
  return (force?: boolean) => {
    console.warn(STATUS_DEPRECATION);
    return system.loadStatus(force);
  };
}

/** The callable `warning(appId)` of the reference client. */
export type WarningFunction = (appId: string) => Promise<AppWarnings>;

/** `warning(appId)`: what needs the developer's attention in the app (`warnings` messages, `details`). */
export function createWarning({ request }: GroupContext): WarningFunction {
  // The id goes into the path as it is, whatever it is (the reference client checks nothing).
  return async (appId: string) =>
    request.send<AppWarnings>({ method: r.warning.method, path: r.warning.path.replace(':appId', String(appId)) });
}
