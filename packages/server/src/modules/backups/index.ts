import type { ServerModule } from '../module.js';
import { backupsMigrations } from './backups.migrations.js';
import { registerBackupsRoutes } from './backups.routes.js';
import {
  BackupsService,
  JOB_BACKUP,
  JOB_RESTORE,
  JOB_SWEEP,
  type BackupPayload,
  type RestorePayload,
} from './backups.service.js';

/** How often due scheduled backups are looked for (BASALT_BACKUP_SWEEP_MS; tests shorten it). */
const SWEEP_EVERY_MS = Number(process.env.BASALT_BACKUP_SWEEP_MS) || 60_000;

/**
 * Backups of each app (decision 0068): manual and scheduled archives of the app taken from one
 * moment of its data, kept per retention in a backup location, restored into the same app or a new
 * one. Built on the lifecycle module's archive core; progress is a lifecycle process.
 */
export const backupsModule: ServerModule = {
  name: 'backups',
  systemMigrations: backupsMigrations,
  register(app, ctx) {
    const service = new BackupsService(ctx);
    // A backup is written again from the start if its process died (the partial file is replaced);
    // a restore is not repeated half-way: a second attempt marks it failed, as a clone does.
    ctx.jobs.register<BackupPayload>(JOB_BACKUP, {
      delivery: 'at-least-once',
      leaseMs: 60_000,
      maxAttempts: 3,
      run: (job) => service.run(job.payload),
    });
    ctx.jobs.register<RestorePayload>(JOB_RESTORE, {
      delivery: 'at-least-once',
      leaseMs: 60_000,
      maxAttempts: 2,
      run: (job) => (job.attempts > 1 ? service.interrupted(job.payload) : service.runRestore(job.payload)),
    });
    ctx.jobs.register(JOB_SWEEP, { delivery: 'at-most-once', run: () => service.sweep().then(() => undefined) });
    app.addHook('onReady', async () => {
      if (await ctx.jobs.repo.byId(JOB_SWEEP)) return;
      const sweep = { id: JOB_SWEEP, kind: JOB_SWEEP, appId: null, payload: null, runAt: Date.now() + SWEEP_EVERY_MS };
      // Two processes starting together may both try: the loser's insert conflicts, which is fine.
      await ctx.jobs.add({ ...sweep, repeatEveryMs: SWEEP_EVERY_MS }).catch(() => undefined);
    });
    // Per server (tests build several in one process), dropped when this one closes.
    const unsubscribe = ctx.bus.on('app.deleted', ({ appId }) => {
      service.forgetApp(appId).catch((err: unknown) => ctx.log.error({ err, appId }, 'Backups of a deleted app stay'));
    });
    app.addHook('onClose', async () => unsubscribe());
    registerBackupsRoutes(app, ctx, service);
  },
};
