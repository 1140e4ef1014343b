import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { BackupsService } from './backups.service.js';

const backups = Routes.backups;

/** Settings › Backups: the list, a backup now, the schedule, download, delete and restore. */
export function registerBackupsRoutes(app: FastifyInstance, ctx: ServerContext, service: BackupsService): void {
  handle(app, ctx, backups.listBackups, ({ params }) => service.list(params.appId));
  handle(app, ctx, backups.createBackup, ({ params, developer, body }) =>
    service.start(params.appId, developer.id, { parts: body?.parts, note: body?.note }),
  );
  handle(app, ctx, backups.getBackupPolicy, ({ params }) => service.policyAnswer(params.appId));
  handle(app, ctx, backups.updateBackupPolicy, ({ params, body }) => service.updatePolicy(params.appId, body));
  handle(app, ctx, backups.deleteBackup, async ({ params }) => {
    await service.remove(params.appId, params.backupId);
    return { success: true };
  });
  handle(app, ctx, backups.downloadBackup, async ({ params, reply }) => {
    const file = await service.open(params.appId, params.backupId);
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
  handle(app, ctx, backups.restoreBackup, ({ params, access, developer, body }) =>
    service.restore(params.appId, access.app.name, developer.id, params.backupId, body),
  );
}
