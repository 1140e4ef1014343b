/** Work that must happen once across server processes: kinds of job, leases in the database (decision 0033). */
export { JobScheduler, nextDue, type Delivery, type Job, type JobKind, type NewJob } from './scheduler.js';
export { JobsRepo } from './jobs.repo.js';
export type { JobRow } from './jobs.schema.js';
export { jobsMigrations } from './jobs.migrations.js';

/** How often each process looks for due jobs (BASALT_SCHEDULER_INTERVAL_MS). */
export const SCHEDULER_INTERVAL_MS = Number(process.env.BASALT_SCHEDULER_INTERVAL_MS) || 500;
