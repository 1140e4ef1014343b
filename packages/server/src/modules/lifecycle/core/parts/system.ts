import type { AppPart } from '@basalt/shared';
import { newId } from '../../../../http/secrets.js';
import type { ArchiveSink, ArchiveSource } from '../../archive/archive.js';
import type { PartRun } from '../context.js';
import { SYSTEM_TABLES, type SystemTableSpec } from '../system-tables.js';
import { SystemRowsRepo } from '../system-rows.repo.js';
import type { PartCodec } from './part.js';

type Row = Record<string, unknown>;

const specsOf = (part: AppPart) => SYSTEM_TABLES.filter((s) => s.part === part);
const entry = (table: string) => `system/${table}.jsonl`;

/** Writes the app's rows of every system table of `part`, one JSON Lines entry per table. */
export async function exportSystemRows(run: PartRun, sink: ArchiveSink, part: AppPart): Promise<void> {
  const repo = new SystemRowsRepo(run.core.ctx.dbs);
  for (const spec of specsOf(part)) {
    const out = sink.lines(entry(spec.table));
    for (const row of await repo.rowsOf(spec.table, run.appId)) await out.write(row);
    await out.end();
    run.progress.add(1);
  }
}

/**
 * Replaces the app's rows of every system table of `part` with the archive's, in one transaction.
 * Ids unique across apps are given anew (a role keeps the id of the target's role of the same name,
 * so API keys that name it still do) and the columns that point at them follow.
 */
export async function importSystemRows(run: PartRun, source: ArchiveSource, part: AppPart): Promise<void> {
  const repo = new SystemRowsRepo(run.core.ctx.dbs);
  const ids = new Map<string, Map<string, string>>();
  const tables: Array<{ table: string; rows: Row[] }> = [];
  for (const spec of specsOf(part)) {
    const rows: Row[] = [];
    if (source.has(entry(spec.table))) {
      const keep = spec.matchBy ? await existingIds(repo, spec, run.appId) : new Map<string, string>();
      const map = new Map<string, string>();
      for await (const raw of source.lines(entry(spec.table))) {
        const row = { ...(raw as Row) };
        if (spec.id) {
          const old = String(row[spec.id]);
          const next = (spec.matchBy && keep.get(String(row[spec.matchBy]))) || newId();
          map.set(old, next);
          row[spec.id] = next;
        }
        for (const [column, target] of Object.entries(spec.refs ?? {})) {
          const old = row[column];
          if (typeof old === 'string') row[column] = ids.get(target)?.get(old) ?? old;
        }
        rows.push(spec.arrive ? spec.arrive(row) : row);
      }
      ids.set(spec.table, map);
    }
    tables.push({ table: spec.table, rows });
    run.progress.add(1);
  }
  await repo.replace(run.appId, tables);
}

async function existingIds(repo: SystemRowsRepo, spec: SystemTableSpec, appId: string): Promise<Map<string, string>> {
  const rows = await repo.rowsOf(spec.table, appId);
  return new Map(rows.map((r) => [String(r[spec.matchBy!]), String(r[spec.id!])]));
}

/** Units of a system part: one per table. */
export const systemUnits = (part: AppPart) => specsOf(part).length;

/** The parts that are only rows of the system database. */
export function systemPart(part: 'security' | 'users' | 'code' | 'settings'): PartCodec {
  return {
    part,
    units: async () => systemUnits(part),
    export: (run, sink) => exportSystemRows(run, sink, part),
    import: (run, source) => importSystemRows(run, source, part),
  };
}
