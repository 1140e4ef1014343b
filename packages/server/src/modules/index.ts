import type { ServerModule } from './module.js';
import { accountsModule } from './accounts/index.js';
import { appsModule } from './apps/index.js';

/**
 * Every server module, in registration order. A new area adds one line here (and its routes group
 * in `@basalt/shared`).
 */
export const modules: ServerModule[] = [
  accountsModule,
  appsModule,
];
