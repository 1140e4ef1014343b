import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AuditService } from './audit.service.js';
import { HipaaMemory } from './hipaa-memory.js';
import { registerAuditRoutes } from './audit.routes.js';
import { installAuditRecorder } from './audit.recorder.js';
import { auditSystemMigrations } from './audit.migrations.js';

export type { AuditInput, AuditService } from './audit.service.js';

/**
 * The audit service of a server with its memory of the apps' HIPAA switches, built once by the
 * composition root (app.ts) as `ctx.audit`: the recorder, the console's routes, app deletion and
 * the app's warnings share it, so a switch written here is what the next read sees.
 */
export function createAuditService(ctx: ServerContext): AuditService {
  return new AuditService(ctx, new HipaaMemory(ctx.cluster.invalidation));
}

/** Audit log of console changes (and, with HIPAA compliance on, of app API data reads). */
export const auditModule: ServerModule = {
  area: 'audit',
  name: 'audit',
  systemMigrations: auditSystemMigrations,
  register(app, ctx) {
    const audit = ctx.audit;
    // Entries name their developer by email: an account change (any process) must not keep the old one.
    ctx.cluster.invalidation.register('access', () => audit.forgetEmails());
    // A deleted app's switch is forgotten here and in every other process.
    ctx.bus.on('app.deleted', ({ appId }) => audit.hipaa.forget(appId));
    registerAuditRoutes(app, ctx, audit);
    // The subscriptions live as long as this server's bus; nothing to undo on close.
    installAuditRecorder(app, ctx, audit);
  },
};
