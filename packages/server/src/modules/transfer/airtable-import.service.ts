import crypto from 'node:crypto';
import type { AirtableImportBody, AirtableTables, TransferJob } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { Job } from '../../jobs/index.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { assertTableName, type DataServices } from '../data/index.js';
import { AirtableClient } from './airtable-client.js';
import { planTables, valueFor, type TablePlan } from './airtable-fields.js';
import { TransferJobsRepo, type TransferJobRow } from './transfer-jobs.repo.js';

export const AIRTABLE_JOB = 'transfer.airtable-import';

/** What a job keeps to run: the plan of the chosen tables, and the token sealed with the server key. */
interface JobInput {
  baseId: string;
  token: string;
  plans: TablePlan[];
}

const validTable = (n: string) => {
  try {
    assertTableName(n);
    return true;
  } catch {
    return false;
  }
};

/**
 * Imports tables of an Airtable base (decision 0061): the request reads the base's schema (so a bad
 * token, base or table is answered at once), plans the tables and columns, and queues a job of the
 * scheduler that creates them and writes the records page by page, keeping its progress in
 * `_transfer_jobs`.
 */
export class AirtableImport {
  private readonly repo: TransferJobsRepo;
  private readonly box: SecretBox;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new TransferJobsRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  register(): void {
    this.ctx.jobs.register<{ appId: string; id: string }>(AIRTABLE_JOB, {
      // A second run would write the records again: a run cut off by a stop ends the job as failed.
      delivery: 'at-most-once',
      leaseMs: 60_000,
      run: (job) => this.run(job),
    });
  }

  private client(token: string): AirtableClient {
    return new AirtableClient(this.ctx.config.airtableApiUrl, token, this.ctx.config.remoteFetchPrivate);
  }

  private data(): DataServices {
    const data = this.ctx.data;
    if (!data) throw ApiError.unavailable('The data service is not running');
    return data;
  }

  async bases(accessToken: string) {
    return { bases: await this.client(accessToken).bases() };
  }

  /** The base's tables as an import would make them. */
  async tables(appId: string, accessToken: string, baseId: string): Promise<AirtableTables> {
    return { tables: await this.plans(appId, accessToken, baseId) };
  }

  private async plans(appId: string, accessToken: string, baseId: string): Promise<TablePlan[]> {
    const existing = new Set((await this.data().schema(appId)).tables.map((t) => t.name));
    return planTables(await this.client(accessToken).tables(baseId), existing, validTable);
  }

  async start(appId: string, body: AirtableImportBody): Promise<TransferJob> {
    const all = await this.plans(appId, body.accessToken, body.baseId);
    const plans: TablePlan[] = [];
    for (const wanted of body.tables) {
      const plan = all.find((t) => t.id === wanted || t.name === wanted);
      if (!plan) throw ApiError.field('BAD_REQUEST', 'tables', `The base has no table '${wanted.slice(0, 100)}'`);
      if (!plans.includes(plan)) plans.push(plan);
    }
    const id = crypto.randomUUID();
    const now = Date.now();
    const input: JobInput = { baseId: body.baseId, token: this.box.seal(body.accessToken), plans };
    await this.repo.insert(appId, {
      id,
      kind: 'airtable',
      title: `Airtable base ${body.baseId}`.slice(0, 255),
      state: 'queued',
      input: JSON.stringify(input),
      tables_total: plans.length,
      tables_done: 0,
      rows_written: 0,
      current_table: null,
      created_tables: '[]',
      error: null,
      created: now,
      updated: now,
    });
    await this.ctx.jobs.add({ id, kind: AIRTABLE_JOB, appId, payload: { appId, id }, runAt: now });
    return this.get(appId, id);
  }

  private async run(job: Job<{ appId: string; id: string }>): Promise<void> {
    const { appId, id } = job.payload;
    const row = await this.repo.get(appId, id);
    if (!row || row.state !== 'queued') {
      if (row?.state === 'running')
        await this.repo.update(appId, id, { state: 'failed', error: 'The server stopped while the import ran' });
      return;
    }
    await this.repo.update(appId, id, { state: 'running' });
    try {
      await this.importAll(appId, id, JSON.parse(row.input) as JobInput, job.signal);
      await this.repo.update(appId, id, { state: 'done', current_table: null });
    } catch (err) {
      const message = err instanceof ApiError && err.status < 600 ? err.message : 'The import failed on the server';
      if (!(err instanceof ApiError)) this.ctx.log.error({ err, appId, job: id }, 'Airtable import failed');
      await this.repo.update(appId, id, { state: 'failed', error: message });
    }
  }

  private async importAll(appId: string, id: string, input: JobInput, signal: AbortSignal): Promise<void> {
    const data = this.data();
    const client = this.client(this.box.open(input.token));
    const created: string[] = [];
    let written = 0;
    for (const [i, plan] of input.plans.entries()) {
      await this.repo.update(appId, id, { current_table: plan.name });
      await data.tables.create(appId, { name: plan.tableName });
      created.push(plan.tableName);
      await this.repo.update(appId, id, { created_tables: JSON.stringify(created) });
      await data.columns.create(appId, plan.tableName, { name: 'airtableId', dataType: 'STRING' });
      for (const f of plan.fields)
        await data.columns.create(appId, plan.tableName, { name: f.columnName, dataType: f.dataType });
      let offset: string | undefined;
      do {
        if (signal.aborted) throw ApiError.unavailable('The server stopped while the import ran');
        const page = await client.records(input.baseId, plan.id, offset);
        const records = (page.records ?? []).map((r) => {
          const out: Record<string, unknown> = { airtableId: r.id };
          for (const f of plan.fields) out[f.columnName] = valueFor(f.dataType, r.fields?.[f.name]);
          return out;
        });
        if (records.length) await data.records.bulkCreate(appId, plan.tableName, records);
        written += records.length;
        await this.repo.update(appId, id, { rows_written: written });
        offset = page.offset;
      } while (offset);
      await this.repo.update(appId, id, { tables_done: i + 1 });
    }
  }

  async get(appId: string, id: string): Promise<TransferJob> {
    const row = await this.repo.get(appId, id);
    if (!row) throw ApiError.notFound(`Transfer job '${id.slice(0, 64)}' does not exist`);
    return view(row);
  }

  async list(appId: string): Promise<TransferJob[]> {
    return (await this.repo.list(appId, 20)).map(view);
  }
}

function view(row: TransferJobRow): TransferJob {
  return {
    id: row.id,
    kind: 'airtable',
    title: row.title,
    state: row.state as TransferJob['state'],
    tablesTotal: row.tables_total,
    tablesDone: row.tables_done,
    rowsWritten: row.rows_written,
    currentTable: row.current_table,
    createdTables: JSON.parse(row.created_tables) as string[],
    error: row.error,
    created: row.created,
    updated: row.updated,
  };
}
