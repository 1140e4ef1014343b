import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ErrorCodes,
  type AppPart,
  type Backup,
  type BackupPolicy,
  type BackupPolicyAnswer,
  type RestoreBody,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import { createStorage } from '../../storage/index.js';
import { AppsService } from '../apps/index.js';
import {
  ProcessesService,
  ZipSink,
  ZipSource,
  exportParts,
  importParts,
  normalizeParts,
  type CoreContext,
} from '../lifecycle/index.js';
import type { BackupRow } from './backups.migrations.js';
import { BackupsRepo } from './backups.repo.js';
import { appFolder, backupLocations, locationOf } from './locations.js';
import { nextRun } from './schedule.js';

export const JOB_BACKUP = 'backups.run';
export const JOB_RESTORE = 'backups.restore';
export const JOB_SWEEP = 'backups.sweep';

/** The policy of an app that never set one: off, daily at 03:00 UTC, seven kept. */
export const DEFAULT_POLICY: BackupPolicy = {
  enabled: false,
  frequency: 'daily',
  hour: 3,
  weekday: 0,
  retention: 7,
  location: 'default',
};

export interface BackupPayload {
  backupId: string;
  appId: string;
}
export interface RestorePayload {
  processId: string;
  backupId: string;
  sourceAppId: string;
  targetAppId: string;
  parts: AppPart[];
  /** The target app was made for this restore (deleted again if the restore fails). */
  created: boolean;
}

/** Scheduled policies started per sweep; the rest wait for the next sweep. */
const SWEEP_BATCH = 20;

/**
 * Backups of apps (decision 0068): each is the app archive of decision 0059 written from one
 * moment of the app's data (`Databases.appSnapshot`) into a backup location, with its progress as
 * a lifecycle process; restore reads it back into the same app or a new one.
 */
export class BackupsService {
  readonly repo: BackupsRepo;
  private readonly processes: ProcessesService;
  private readonly core: CoreContext;
  private readonly apps: AppsService;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new BackupsRepo(ctx.dbs);
    this.processes = new ProcessesService(ctx);
    this.core = { ctx, storage: createStorage(ctx.config) };
    this.apps = new AppsService(ctx);
  }

  // ---- list, download, delete ------------------------------------------------------------------

  async list(appId: string): Promise<Backup[]> {
    return (await this.repo.list(appId)).map(toWire);
  }

  private async row(appId: string, backupId: string): Promise<BackupRow> {
    const row = await this.repo.get(appId, backupId);
    if (!row) throw ApiError.notFound(`No backup '${backupId.slice(0, 80)}' in this application`);
    return row;
  }

  private fileOf(row: BackupRow): string {
    return path.join(appFolder(locationOf(this.ctx.config, row.location), row.app_id), row.file_name);
  }

  async open(appId: string, backupId: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const row = await this.row(appId, backupId);
    if (row.status !== 'DONE') throw ApiError.conflict('The backup is not complete');
    const file = this.fileOf(row);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat) throw ApiError.notFound('The backup file is no longer in its location');
    return { stream: fs.createReadStream(file), fileName: row.file_name, size: stat.size };
  }

  async remove(appId: string, backupId: string): Promise<void> {
    const row = await this.row(appId, backupId);
    if (row.status === 'IN_PROGRESS') throw ApiError.conflict('The backup is still being written');
    await this.drop(row);
  }

  private async drop(row: BackupRow): Promise<void> {
    await fsp.rm(this.fileOf(row), { force: true });
    await this.repo.remove(row.id);
  }

  /** A deleted app's backup files go with it (its rows go with the app's row). */
  async forgetApp(appId: string): Promise<void> {
    for (const location of backupLocations(this.ctx.config))
      await fsp.rm(appFolder(location, appId), { recursive: true, force: true });
  }

  // ---- taking a backup -----------------------------------------------------------------------

  async start(
    appId: string,
    developerId: string | null,
    opts: { parts?: AppPart[]; note?: string; kind?: BackupRow['kind']; location?: string },
  ): Promise<{ processId: string; backupId: string }> {
    const parts = normalizeParts(opts.parts);
    const location = locationOf(this.ctx.config, opts.location ?? 'default').id;
    const process = await this.processes.create(appId, 'backup', { parts, developerId: developerId ?? '' });
    const now = Date.now();
    const id = newId();
    const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
    await this.repo.insert({
      id,
      app_id: appId,
      kind: opts.kind ?? 'manual',
      status: 'IN_PROGRESS',
      parts: JSON.stringify(parts),
      location,
      file_name: `backup-${stamp}-${id.slice(0, 8)}.zip`,
      size: null,
      records: null,
      note: opts.note?.trim() || null,
      error: null,
      process_id: process.id,
      created: now,
    });
    await this.ctx.jobs.add({
      kind: JOB_BACKUP,
      appId,
      payload: { backupId: id, appId } satisfies BackupPayload,
      runAt: now,
    });
    return { processId: process.id, backupId: id };
  }

  /** The job: the archive written from one snapshot of the app's data, then renamed into place. */
  async run(p: BackupPayload): Promise<void> {
    const row = await this.repo.get(p.appId, p.backupId);
    if (!row || row.status !== 'IN_PROGRESS') return;
    const file = this.fileOf(row);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.part`;
    const sink = new ZipSink(partial);
    const tracker = this.processes.tracker(row.process_id);
    try {
      const appName = await this.repo.appName(p.appId);
      const records = await this.ctx.dbs.appSnapshot(p.appId, async (db) => {
        await exportParts(
          { ...this.core, reader: (_appId, work) => work(db) },
          p.appId,
          JSON.parse(row.parts) as AppPart[],
          sink,
          tracker.report,
          appName,
        );
        return this.repo.countRecords(db);
      });
      await sink.finish();
      await fsp.rename(partial, file);
      await tracker.flush();
      const size = (await fsp.stat(file)).size;
      await this.repo.update(row.id, { status: 'DONE', size, records });
      await this.processes.done(row.process_id);
      if (row.kind === 'scheduled') await this.prune(p.appId);
    } catch (err) {
      this.ctx.log.error({ err, appId: p.appId, backupId: row.id }, 'A backup failed');
      await sink.abort().catch(() => undefined);
      await fsp.rm(partial, { force: true });
      const message = err instanceof Error ? err.message : String(err);
      await this.repo.update(row.id, { status: 'FAILED', error: message.slice(0, 2000) });
      await this.processes.failed(row.process_id, err);
    }
  }

  /** Keeps the newest `retention` finished scheduled backups; manual ones stay until deleted. */
  private async prune(appId: string): Promise<void> {
    const policy = await this.policy(appId);
    const scheduled = (await this.repo.list(appId)).filter((r) => r.kind === 'scheduled' && r.status !== 'IN_PROGRESS');
    for (const old of scheduled.slice(policy.retention)) await this.drop(old);
  }

  // ---- restore -------------------------------------------------------------------------------

  async restore(
    appId: string,
    appName: string,
    developerId: string,
    backupId: string,
    body: RestoreBody,
  ): Promise<{ processId: string; appId: string }> {
    const row = await this.row(appId, backupId);
    if (row.status !== 'DONE') throw ApiError.conflict('Only a complete backup can be restored');
    const held = JSON.parse(row.parts) as AppPart[];
    const parts = body.parts?.length ? normalizeParts(body.parts).filter((p) => held.includes(p)) : held;
    if (!parts.length)
      throw ApiError.badRequest(`The backup holds none of the parts asked for (it holds ${held.join(', ')})`);
    let targetAppId = appId;
    let created = false;
    if (body.target === 'same') {
      if (body.confirmation !== appName)
        throw ApiError.field(
          ErrorCodes.CONFIRMATION_MISMATCH,
          'confirmation',
          'Type the application’s name to confirm: its chosen parts are replaced by the backup’s',
        );
    } else {
      if (!body.appName) throw ApiError.field(ErrorCodes.VALIDATION, 'appName', 'Name the new application');
      targetAppId = (await this.apps.create(developerId, body.appName)).id;
      created = true;
    }
    const process = await this.processes.create(appId, 'restore', {
      parts,
      developerId,
      ...(created ? { newAppId: targetAppId } : {}),
    });
    await this.ctx.jobs.add({
      kind: JOB_RESTORE,
      appId,
      payload: {
        processId: process.id,
        backupId,
        sourceAppId: appId,
        targetAppId,
        parts,
        created,
      } satisfies RestorePayload,
      runAt: Date.now(),
    });
    return { processId: process.id, appId: targetAppId };
  }

  async runRestore(p: RestorePayload): Promise<void> {
    const tracker = this.processes.tracker(p.processId);
    try {
      const row = await this.row(p.sourceAppId, p.backupId);
      const source = await ZipSource.open(this.fileOf(row));
      try {
        await importParts(this.core, p.targetAppId, source, p.parts, tracker.report);
      } finally {
        await source.close();
      }
      await tracker.flush();
      await this.processes.done(p.processId);
    } catch (err) {
      this.ctx.log.error({ err, processId: p.processId }, 'Restoring a backup failed');
      if (p.created) await this.apps.delete(p.targetAppId).catch(() => undefined);
      await this.processes.failed(p.processId, err, p.created ? { new_app_id: null } : {});
    }
  }

  /** A restore whose server died mid-way: marked failed rather than half-repeated. */
  async interrupted(p: RestorePayload): Promise<void> {
    if (p.created) await this.apps.delete(p.targetAppId).catch(() => undefined);
    await this.processes.failed(p.processId, 'Interrupted by a server restart; start the restore again', {
      ...(p.created ? { new_app_id: null } : {}),
    });
  }

  // ---- policy and schedule -------------------------------------------------------------------

  async policy(appId: string): Promise<BackupPolicy> {
    const row = await this.repo.policy(appId);
    return row ? { ...DEFAULT_POLICY, ...(JSON.parse(row.config) as Partial<BackupPolicy>) } : DEFAULT_POLICY;
  }

  async policyAnswer(appId: string): Promise<BackupPolicyAnswer> {
    const row = await this.repo.policy(appId);
    return {
      ...(await this.policy(appId)),
      locations: backupLocations(this.ctx.config).map(({ id, label }) => ({ id, label })),
      nextRunOn: row?.next_run ?? null,
    };
  }

  async updatePolicy(appId: string, policy: BackupPolicy): Promise<BackupPolicyAnswer> {
    locationOf(this.ctx.config, policy.location);
    const now = Date.now();
    await this.repo.savePolicy({
      app_id: appId,
      config: JSON.stringify(policy),
      next_run: nextRun(policy, now),
      updated: now,
    });
    return this.policyAnswer(appId);
  }

  /** The sweep job: starts the scheduled backups that are due, each policy moved on first. */
  async sweep(now = Date.now()): Promise<number> {
    let started = 0;
    for (const row of await this.repo.due(now, SWEEP_BATCH)) {
      const policy = { ...DEFAULT_POLICY, ...(JSON.parse(row.config) as Partial<BackupPolicy>) };
      const next = nextRun(policy, now);
      if (next === null || !(await this.repo.advance(row.app_id, row.next_run!, next))) continue;
      await this.start(row.app_id, null, { kind: 'scheduled', location: policy.location, note: 'Scheduled' }).then(
        () => started++,
        (err: unknown) => this.ctx.log.error({ err, appId: row.app_id }, 'A scheduled backup could not start'),
      );
    }
    return started;
  }
}

export function toWire(row: BackupRow): Backup {
  return {
    backupId: row.id,
    kind: row.kind,
    status: row.status,
    parts: JSON.parse(row.parts) as AppPart[],
    location: row.location,
    fileName: row.file_name,
    createdOn: Number(row.created),
    size: row.size === null ? null : Number(row.size),
    records: row.records === null ? null : Number(row.records),
    note: row.note,
    error: row.error,
    processId: row.process_id,
  };
}
