import type { ServerModule } from '../module.js';
import { flowsMigrations } from './flows.migrations.js';
import { registerFlowAppRoutes, registerFlowRoutes } from './flows.routes.js';
import { registerFlowSettingsRoutes } from './settings.routes.js';
import { FlowsService } from './flows.service.js';
import { InstancesService } from './instances.service.js';
import { ApiError } from '../../http/api-error.js';
import { Engine, INSTANCE_JOB, INSTANCE_LEASE_MS } from './engine/runner.js';
import { OUTBOX_JOB, SCHEDULE_JOB, SWEEP_EVERY_MS, Triggers } from './engine/triggers.js';
import { LiveIndex } from './engine/live-index.js';
import { Waits } from './engine/waits.js';
import { FlowsRepo } from './flows.repo.js';
import { Retention, RETENTION_JOB } from './retention.js';
import { retentionMigrations } from './retention.migrations.js';
import { observeMigrations } from './observe/observe.migrations.js';
import { AnalyticsRepo } from './observe/analytics.repo.js';
import { AnalyticsService } from './observe/analytics.service.js';
import { DebugRepo } from './observe/debug.repo.js';
import { DebugService } from './observe/debug.service.js';
import { PermissionsRepo } from './observe/permissions.repo.js';
import { FlowPermissionsService } from './observe/permissions.service.js';
import { registerObserveAppRoutes, registerObserveRoutes } from './observe/observe.routes.js';
import { slaMigrations } from './sla/sla.migrations.js';
import { SlaRepo } from './sla/sla.repo.js';
import { SlaService } from './sla/sla.service.js';
import { registerSlaRoutes } from './sla/sla.routes.js';

/**
 * Automation flows (issue 19, decisions 0067 and 0075): definitions and versions, the durable
 * engine on the one job table, data / API / schedule triggers, the instance analytics, metrics,
 * logs, debug sessions, learning mode, execution permissions and SLA. The rest of the 2.57.2
 * `automation` group (sub flows, shared memory, AI, marketplace …) still answers 501, so the
 * area is reported as partly built.
 */
export const flowsModule: ServerModule = {
  partOf: ['flows'],
  name: 'flows',
  systemMigrations: { ...flowsMigrations, ...retentionMigrations, ...observeMigrations, ...slaMigrations },
  async register(app, ctx) {
    const repo = new FlowsRepo(ctx.dbs);
    const engine = new Engine(ctx, repo);
    const index = new LiveIndex(ctx, repo);
    const triggers = new Triggers(ctx, repo, engine, index, new Waits(ctx, repo, engine.instances));
    // Call flow and sub flow steps start flows as the app API does, by name first, then by id.
    engine.activate = async (appId, flow, data, key) => {
      try {
        return (await triggers.activate(appId, { name: flow }, data, key)).executionId;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        return (await triggers.activate(appId, { id: flow }, data, key)).executionId;
      }
    };
    const flows = new FlowsService(ctx, {
      changed: (appId, version) => triggers.changed(appId, version),
      stopAll: async (_appId, versionId) => {
        await engine.instances.stopVersion(versionId, Date.now());
      },
    });
    ctx.jobs.register<{ executionId: string }>(INSTANCE_JOB, {
      delivery: 'at-least-once',
      leaseMs: INSTANCE_LEASE_MS,
      // A run that keeps failing (the database away) is retried with the scheduler's backoff.
      maxAttempts: 20,
      run: (job) => engine.run(job),
    });
    // At least once: a slot run twice starts one instance (its `trigger_key`), a slot never lost.
    ctx.jobs.register<{ versionId: string }>(SCHEDULE_JOB, {
      delivery: 'at-least-once',
      run: (job) => triggers.fire(job),
    });
    ctx.jobs.register(OUTBOX_JOB, { delivery: 'at-most-once', run: () => triggers.sweep() });
    const retention = new Retention(ctx);
    ctx.jobs.register(RETENTION_JOB, {
      delivery: 'at-most-once',
      run: async () => {
        await retention.sweep();
      },
    });
    await retention.schedule();
    // The index is complete before the first request: a write to a watched table is never missed.
    const stopIndex = await index.start();
    await triggers.sweepEvery(SWEEP_EVERY_MS);
    const unsubscribe = triggers.listen();
    app.addHook('onClose', async () => {
      unsubscribe();
      stopIndex();
    });
    const permissions = new FlowPermissionsService(repo, new PermissionsRepo(ctx.dbs));
    const debug = new DebugService(ctx, flows, new DebugRepo(ctx.dbs), engine);
    const sla = new SlaService(ctx, flows, new SlaRepo(ctx.dbs));
    engine.instances.watchers.push(debug, sla);
    registerFlowRoutes(app, ctx, flows, new InstancesService(flows, engine));
    registerFlowSettingsRoutes(app, ctx, retention);
    registerFlowAppRoutes(app, ctx, triggers, permissions);
    registerObserveRoutes(app, ctx, {
      analytics: new AnalyticsService(flows, repo, new AnalyticsRepo(ctx.dbs), (appId, versionId, from, to) =>
        sla.compliance(appId, versionId, from, to),
      ),
      debug,
      permissions,
    });
    registerObserveAppRoutes(app, ctx, engine, permissions);
    registerSlaRoutes(app, ctx, sla);
  },
};
