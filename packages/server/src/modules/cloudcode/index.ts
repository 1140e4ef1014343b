import type { ServerModule } from '../module.js';
import { cloudCodeMigrations } from './store/index.js';

export { activeDeployment } from './runtime/active-deployment.js';
export {
  invokeAs,
  setLogSink,
  DEFAULT_LIMITS,
  MAX_DEPTH,
  type CodeCaller,
  type InvokeOptions,
} from './runtime/invoke.js';
export * from './store/index.js';

/**
 * Cloud code (Business Logic): deployment models, drafts and deploys, API services and their app
 * API, the sandbox bridge (decision 0046). Handlers/timers and logs live in their own folders of
 * this module. Part of the Cloud Code area until every route of it is built.
 */
export const cloudCodeModule: ServerModule = {
  name: 'cloudcode',
  partOf: ['code'],
  systemMigrations: cloudCodeMigrations,
  register() {},
};
