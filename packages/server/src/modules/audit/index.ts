import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AuditService } from './audit.service.js';
import { registerAuditRoutes } from './audit.routes.js';
import { installAuditRecorder } from './audit.recorder.js';
import { auditSystemMigrations } from './audit.migrations.js';

export type { AuditInput } from './audit.service.js';

/** Whether HIPAA compliance is on for an app (the app API may skip building read events when off). */
export function isHipaaEnabled(ctx: ServerContext, appId: string): Promise<boolean> {
  return new AuditService(ctx).hipaaEnabled(appId);
}

/**
 * Removes an app's audit log when the app is deleted (the log has no foreign key to apps, so that
 * the entry recording the deletion, written afterwards, stays: decision 0021).
 */
export async function purgeAppAuditLog(ctx: ServerContext, appId: string): Promise<void> {
  await new AuditService(ctx).repo.delete(appId);
}

/** Audit log of console changes (and, with HIPAA compliance on, of app API data reads). */
export const auditModule: ServerModule = {
  area: 'audit',
  name: 'audit',
  systemMigrations: auditSystemMigrations,
  register(app, ctx) {
    const audit = new AuditService(ctx);
    // Entries name their developer by email: an account change (any process) must not keep the old one.
    ctx.cluster.invalidation.register('access', () => audit.forgetEmails());
    registerAuditRoutes(app, ctx, audit);
    // The subscriptions live as long as this server's bus; nothing to undo on close.
    installAuditRecorder(app, ctx, audit);
  },
};
