import type { Kysely } from 'kysely';
import type { SystemDB } from '../db/system-schema.js';

/**
 * One row per piece of work that must happen once across all server processes (decision 0033).
 * Times are epoch ms. `payload` is the kind's own JSON. `leased_by`/`lease_until` name the process
 * running it and until when that claim holds; an expired lease is free for any process.
 */
export interface JobsTable {
  jobs: {
    id: string;
    kind: string;
    app_id: string | null;
    payload: string;
    /** pending (waiting or running), done, cancelled, failed. */
    state: string;
    run_at: number;
    repeat_every_ms: number | null;
    expires_at: number | null;
    /** Completed runs (at-most-once: claimed runs). */
    runs: number;
    /** Attempts of the current run (at-least-once), reset when a run completes. */
    attempts: number;
    last_error: string | null;
    leased_by: string | null;
    lease_until: number | null;
    last_run_by: string | null;
    created: number;
    updated: number | null;
  };
}

export type JobRow = JobsTable['jobs'];
export type JobsKysely = Kysely<SystemDB & JobsTable>;
