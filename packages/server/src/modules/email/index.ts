import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { emailMigrations } from './email.migrations.js';
import { registerEmailAppRoutes, registerEmailRoutes } from './email.routes.js';
import { EmailService, OUTBOX_JOB, OUTBOX_SWEEP_JOB } from './email.service.js';

/**
 * Sends a custom template from server-side code (a flow's send email step): the app API's
 * `sendEmailFromTemplate` body, recipients of `criteria` found by `usersMatching`, outbox ids
 * from `idOf` so a repeated step queues nothing twice.
 */
export function sendTemplateEmail(
  ctx: ServerContext,
  appId: string,
  body: Record<string, unknown>,
  usersMatching: (where: string) => Promise<string[]>,
  idOf: (recipient: string) => string,
) {
  return new EmailService(ctx).sendFromTemplate(appId, body, usersMatching, idOf);
}

/** How often pending mails whose delivery job was lost are looked for. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Email of each app (Settings › Email): SMTP settings, system event templates, custom templates,
 * the app API's `sendEmailFromTemplate`, and delivery of every mail an app sends (its users'
 * system mails, `/messaging/email`) through the app's settings and a durable outbox retried with
 * backoff by the job scheduler.
 */
export const emailModule: ServerModule = {
  area: 'email',
  name: 'email',
  systemMigrations: emailMigrations,
  register(app, ctx) {
    const email = new EmailService(ctx);
    // Each mail is its own job, at least once: a process dying mid-send leaves the job to another,
    // and the outbox row's claim keeps two processes from sending it twice at the same time.
    ctx.jobs.register<{ id: string }>(OUTBOX_JOB, {
      delivery: 'at-least-once',
      leaseMs: 120_000,
      run: (job) => email.attempt(job.payload.id),
    });
    ctx.jobs.register(OUTBOX_SWEEP_JOB, { delivery: 'at-most-once', run: () => email.sweep() });
    // One sweep job for the whole server (a fixed id: a second process's insert finds it there).
    app.addHook('onReady', async () => {
      if (await ctx.jobs.repo.byId(OUTBOX_SWEEP_JOB)) return;
      const runAt = Date.now() + SWEEP_EVERY_MS;
      const sweep = { id: OUTBOX_SWEEP_JOB, kind: OUTBOX_SWEEP_JOB, appId: null, payload: null, runAt };
      // Two processes starting together may both try: the loser's insert conflicts, which is fine.
      await ctx.jobs.add({ ...sweep, repeatEveryMs: SWEEP_EVERY_MS }).catch(() => undefined);
    });
    ctx.mailer.appDelivery = (appId, mail) => email.deliver(appId, mail);
    registerEmailRoutes(app, ctx, email);
    registerEmailAppRoutes(app, ctx, email);
  },
};
