import type { AppExport, AppPart, LifecycleKind, LifecycleProcess } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import type { ProgressReport } from './core/index.js';
import type { ProcessRow } from './lifecycle.migrations.js';
import { ProcessesRepo } from './processes.repo.js';

/** Progress is written at most this often (every report still moves the row within it). */
const WRITE_EVERY_MS = 150;

/** Where a finished export downloads from. */
export const downloadUrlOf = (appId: string, processId: string) => `/${appId}/console/export/${processId}/download`;

/** The status rows of lifecycle processes: created by the routes, moved by the jobs. */
export class ProcessesService {
  readonly repo: ProcessesRepo;

  constructor(ctx: ServerContext) {
    this.repo = new ProcessesRepo(ctx.dbs);
  }

  async create(
    appId: string,
    kind: LifecycleKind,
    fields: { parts: AppPart[]; developerId: string; newAppId?: string; fileName?: string },
  ): Promise<ProcessRow> {
    const now = Date.now();
    const row: ProcessRow = {
      id: newId(),
      app_id: appId,
      kind,
      status: 'IN_PROGRESS',
      progress: 0,
      stage: 'queued',
      parts: JSON.stringify(fields.parts),
      new_app_id: fields.newAppId ?? null,
      file_name: fields.fileName ?? null,
      file_path: null,
      size: null,
      error: null,
      developer_id: fields.developerId,
      created: now,
      updated: now,
    };
    await this.repo.insert(row);
    return row;
  }

  async get(appId: string, processId: string): Promise<ProcessRow> {
    const row = await this.repo.get(appId, processId);
    if (!row) throw ApiError.notFound(`No process '${processId.slice(0, 80)}' in this application`);
    return row;
  }

  /**
   * A progress callback for the archive core that maps its units onto `from..to` percent of the
   * process and writes the row at most every WRITE_EVERY_MS; `flush` writes the last state.
   */
  tracker(id: string, from = 0, to = 100) {
    let last = 0;
    let pending: Partial<ProcessRow> | undefined;
    let writing: Promise<void> = Promise.resolve();
    const write = (changes: Partial<ProcessRow>) => {
      writing = writing.then(() => this.repo.update(id, changes)).catch(() => undefined);
      return writing;
    };
    return {
      report: (r: ProgressReport) => {
        const progress = Math.floor(from + ((to - from) * r.done) / Math.max(1, r.total));
        pending = { progress: Math.min(99, progress), stage: r.stage.slice(0, 200), updated: Date.now() };
        if (Date.now() - last >= WRITE_EVERY_MS) {
          last = Date.now();
          void write(pending);
          pending = undefined;
        }
      },
      flush: () => (pending ? write(pending) : writing),
    };
  }

  async done(id: string, changes: Partial<ProcessRow> = {}): Promise<void> {
    await this.repo.update(id, { status: 'DONE', progress: 100, stage: 'done', ...changes, updated: Date.now() });
  }

  async failed(id: string, err: unknown, changes: Partial<ProcessRow> = {}): Promise<void> {
    const message = err instanceof ApiError ? err.message : err instanceof Error ? err.message : String(err);
    await this.repo.update(id, {
      status: 'FAILED',
      stage: 'failed',
      error: message.slice(0, 2000),
      ...changes,
      updated: Date.now(),
    });
  }
}

/** A process row as every status route answers it. */
export function processToWire(row: ProcessRow): LifecycleProcess {
  return {
    processId: row.id,
    kind: row.kind as LifecycleKind,
    status: row.status as LifecycleProcess['status'],
    progress: Number(row.progress),
    ...(row.stage ? { stage: row.stage } : {}),
    newAppId: row.new_app_id,
    ...(row.kind === 'export' && row.status === 'DONE' && row.file_path
      ? { downloadUrl: downloadUrlOf(row.app_id, row.id) }
      : {}),
    ...(row.error ? { error: row.error } : {}),
    createdOn: Number(row.created),
    updatedOn: Number(row.updated),
  };
}

/** An export as `transfer.getExportedData` lists it. */
export function exportToWire(row: ProcessRow): AppExport {
  const wire = processToWire(row);
  return {
    processId: row.id,
    status: wire.status,
    progress: wire.progress,
    parts: JSON.parse(row.parts) as AppPart[],
    createdOn: wire.createdOn,
    fileName: row.file_name ?? `${row.id}.zip`,
    ...(row.size !== null ? { size: Number(row.size) } : {}),
    ...(wire.downloadUrl ? { downloadUrl: wire.downloadUrl } : {}),
    ...(wire.error ? { error: wire.error } : {}),
  };
}
