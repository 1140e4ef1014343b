import type { ServerModule } from '../module.js';
import { flowsMigrations } from './flows.migrations.js';
import { registerFlowAppRoutes, registerFlowRoutes } from './flows.routes.js';
import { FlowsService } from './flows.service.js';
import { InstancesService } from './instances.service.js';
import { Engine, INSTANCE_JOB, INSTANCE_LEASE_MS } from './engine/runner.js';
import { SCHEDULE_JOB, Triggers } from './engine/triggers.js';
import { FlowsRepo } from './flows.repo.js';

/**
 * Automation flows (issue 19, decision 0067): definitions and versions, the durable engine on the
 * one job table, data / API / schedule triggers, and the instance analytics the console reads.
 * The rest of the 2.57.2 `automation` group (debug, SLA, logs, sub flows …) still answers 501,
 * so the area is reported as partly built.
 */
export const flowsModule: ServerModule = {
  partOf: ['flows'],
  name: 'flows',
  systemMigrations: flowsMigrations,
  register(app, ctx) {
    const repo = new FlowsRepo(ctx.dbs);
    const engine = new Engine(ctx, repo);
    const triggers = new Triggers(ctx, repo, engine);
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
    ctx.jobs.register<{ versionId: string }>(SCHEDULE_JOB, {
      delivery: 'at-most-once',
      run: (job) => triggers.fire(job),
    });
    const unsubscribe = triggers.listen();
    app.addHook('onClose', async () => unsubscribe());
    registerFlowRoutes(app, ctx, flows, new InstancesService(flows, engine));
    registerFlowAppRoutes(app, ctx, triggers);
  },
};
