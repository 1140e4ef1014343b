import crypto from 'node:crypto';
import type { AuditLogEntry, ComplianceState, QueryOf, Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AuditLogTable } from './audit.migrations.js';
import { AuditRepo, type AuditFilter } from './audit.repo.js';
import type { HipaaMemory } from './hipaa-memory.js';

export interface AuditInput {
  appId: string;
  developerId: string | null;
  /** Shown as "who": the developer's email, or the app user for data reads. */
  actor?: string;
  action: string;
  target: string;
  summary: string;
}

let seq = 0;
/** Ids sort by time (then by a per-process counter) so entries of one millisecond keep their order. */
function auditId(now: number): string {
  seq = (seq + 1) % 1_679_616;
  return `${now.toString(36).padStart(9, '0')}${seq.toString(36).padStart(4, '0')}${crypto.randomBytes(6).toString('hex')}`;
}

/** Text cut to a column's size: an audit entry is never refused for being long. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Epoch ms, or an ISO date (`2024-05-01`, a date alone meaning its whole day when it ends a range). */
export function parseDate(value: unknown, field: string, endOfDay = false): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' || /^\d+$/.test(String(value))) return Number(value);
  const text = String(value);
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw ApiError.field('BAD_REQUEST', field, `${field} must be a date (YYYY-MM-DD, ISO time or epoch milliseconds)`);
  return endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(text) ? ms + 24 * 60 * 60 * 1000 - 1 : ms;
}

function toEntry(row: AuditLogTable): AuditLogEntry {
  return {
    id: row.id,
    appId: row.app_id,
    developerId: row.developer_id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    summary: row.summary,
    created: Number(row.created),
  };
}

/** A CSV cell: quoted, and text that a spreadsheet would run as a formula is defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export class AuditService {
  readonly repo: AuditRepo;
  private readonly emails = new Map<string, string>();

  /**
   * `hipaa` is the server's one memory of the apps' HIPAA switches (the composition root builds
   * it with this service, `ctx.audit`).
   */
  constructor(
    private readonly ctx: ServerContext,
    readonly hipaa: HipaaMemory,
  ) {
    this.repo = new AuditRepo(ctx.dbs);
  }

  /** Forgets the remembered developer emails (an account changed, here or in another process). */
  forgetEmails(): void {
    this.emails.clear();
  }

  private async actorOf(developerId: string): Promise<string> {
    let email = this.emails.get(developerId);
    if (!email) {
      email = (await this.repo.findDeveloperEmail(developerId))?.email ?? developerId;
      if (this.emails.size > 1000) this.emails.clear();
      this.emails.set(developerId, email);
    }
    return email;
  }

  /** Writes an entry; answers its id. */
  async record(input: AuditInput): Promise<string> {
    const now = Date.now();
    const actor = input.actor ?? (input.developerId ? await this.actorOf(input.developerId) : 'unknown');
    const id = auditId(now);
    await this.repo.insert({
      id,
      app_id: input.appId,
      developer_id: input.developerId,
      actor: cut(actor, 300),
      action: cut(input.action, 200),
      target: cut(input.target, 1000),
      summary: cut(input.summary, 2000),
      created: now,
    });
    return id;
  }

  async updateSummary(id: string, summary: string): Promise<void> {
    await this.repo.updateSummary(id, cut(summary, 2000));
  }

  /** Records without failing the caller: the change already happened, a lost entry is logged. */
  recordQuietly(input: AuditInput): void {
    this.record(input).catch((err: unknown) => {
      this.ctx.log.warn({ err, appId: input.appId, action: input.action }, 'Could not write an audit log entry');
    });
  }

  async list(appId: string, q: QueryOf<typeof Routes.audit.loadAuditLogs>) {
    const filter: AuditFilter = {
      appId,
      developer: q.developer || undefined,
      action: q.action || undefined,
      from: parseDate(q.from, 'from'),
      to: parseDate(q.to, 'to', true),
    };
    const [rows, totalRows] = await Promise.all([
      this.repo.list(filter, q.offset ?? 0, q.pageSize ?? 50),
      this.repo.count(filter),
    ]);
    return { data: rows.map(toEntry), totalRows };
  }

  async delete(appId: string, before: unknown): Promise<{ deleted: number }> {
    return { deleted: await this.repo.delete(appId, parseDate(before, 'before')) };
  }

  /** CSV of a date range, newest first, produced page by page. */
  async *csv(appId: string, fromDate: unknown, toDate: unknown): AsyncGenerator<string> {
    const filter: AuditFilter = { appId, from: parseDate(fromDate, 'fromDate'), to: parseDate(toDate, 'toDate', true) };
    yield 'time,developer,action,target,summary\r\n';
    for await (const page of this.repo.range(filter)) {
      yield (
        page
          .map((r) =>
            [new Date(Number(r.created)).toISOString(), r.actor, r.action, r.target, r.summary].map(csvCell).join(','),
          )
          .join('\r\n') + '\r\n'
      );
    }
  }

  async hipaaState(appId: string): Promise<ComplianceState> {
    const row = await this.repo.getCompliance(appId);
    return { enabled: !!row?.hipaa, changed: row ? Number(row.changed) : null, changedBy: row?.changed_by ?? null };
  }

  async setHipaa(appId: string, developerId: string, enabled: boolean) {
    await this.repo.setHipaa(appId, enabled, developerId);
    this.hipaa.forget(appId);
    return this.hipaaState(appId);
  }

  /**
   * Removes an app's audit log when the app is deleted (the log has no foreign key to apps, so that
   * the entry recording the deletion, written afterwards, stays: decision 0021).
   */
  async purgeApp(appId: string): Promise<void> {
    await this.repo.delete(appId);
  }

  /** Whether HIPAA compliance is on for an app (the app API may skip building read events when off). */
  async hipaaEnabled(appId: string): Promise<boolean> {
    return this.hipaa.remember(appId, async () => !!(await this.repo.getCompliance(appId))?.hipaa);
  }
}
