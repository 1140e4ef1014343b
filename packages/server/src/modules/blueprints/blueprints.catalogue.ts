import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import type { Blueprint, BlueprintSummary } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { BlueprintFileSchema, type BlueprintFile, type LoadedBlueprint } from './blueprint-file.js';

/**
 * Where the shipped blueprints live: `packages/server/blueprints/`, three levels above this file
 * both in `src/modules/blueprints/` and in the built `dist/modules/blueprints/`.
 */
export const SHIPPED_DIR = fileURLToPath(new URL('../../../blueprints/', import.meta.url));

/** Reads and checks every blueprint of a folder; a broken one stops the server with its name. */
export function loadBlueprints(dir: string): LoadedBlueprint[] {
  if (!fs.existsSync(dir)) return [];
  const out: LoadedBlueprint[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const where = path.join(dir, entry.name, 'blueprint.json');
    const file = JSON.parse(fs.readFileSync(where, 'utf8')) as unknown;
    if (!Value.Check(BlueprintFileSchema, file)) {
      const first = [...Value.Errors(BlueprintFileSchema, file)][0];
      throw new Error(`Blueprint ${where}: ${first?.path || '/'} ${first?.message ?? 'is not valid'}`);
    }
    if (file.id !== entry.name) throw new Error(`Blueprint ${where}: its id must be its folder's name`);
    const code = (file.code ?? []).map((c) => ({
      file: c.file,
      content: fs.readFileSync(path.join(dir, entry.name, 'code', c.file), 'utf8'),
    }));
    out.push({ file, code });
  }
  return out;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function recordCount(f: BlueprintFile, table?: string): number {
  return Object.entries(f.records ?? {})
    .filter(([t]) => table === undefined || t === table)
    .reduce((n, [, rows]) => n + rows.length, 0);
}

/** What the blueprint's card says it holds, worked out from the file so it never goes stale. */
function contains(f: BlueprintFile): string[] {
  const lines = [`${plural(f.tables.length, 'table')}: ${f.tables.map((t) => t.name).join(', ')}`];
  const records = recordCount(f);
  if (records) lines.push(`${plural(records, 'sample record')}`);
  if (f.relations?.length) lines.push(`Relations: ${f.relations.map((r) => `${r.table}.${r.name}`).join(', ')}`);
  if (f.roles?.length) lines.push(`Roles: ${f.roles.join(', ')}`);
  if (f.ownerPolicy?.length) lines.push(`Owner-only access on ${f.ownerPolicy.map((o) => o.table).join(', ')}`);
  else if (f.permissions?.length) lines.push('Table permissions per role');
  for (const c of f.code ?? []) lines.push(`Cloud code: ${c.summary.split(':')[0]}`);
  return lines;
}

/** The blueprints a server ships, by id. */
export class BlueprintCatalogue {
  private readonly byId: Map<string, LoadedBlueprint>;

  constructor(blueprints: LoadedBlueprint[]) {
    this.byId = new Map(blueprints.map((b) => [b.file.id, b]));
  }

  list(): BlueprintSummary[] {
    return [...this.byId.values()].map(({ file: f }) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      contains: contains(f),
    }));
  }

  /** The loaded blueprint, or undefined for an unknown id. */
  find(id: string): LoadedBlueprint | undefined {
    return this.byId.get(id);
  }

  get(id: string): Blueprint {
    const found = this.find(id);
    if (!found) throw ApiError.notFound(`Unknown blueprint '${id}': the blueprints are ${this.names()}`);
    const f = found.file;
    return {
      id: f.id,
      name: f.name,
      description: f.description,
      contains: contains(f),
      tables: f.tables.map((t) => ({
        name: t.name,
        columns: [
          ...t.columns.map((c) => `${c.name}: ${c.dataType}`),
          ...(f.relations ?? []).filter((r) => r.table === t.name).map((r) => `${r.name} → ${r.toTableName}`),
        ],
        records: recordCount(f, t.name),
      })),
      roles: f.roles ?? [],
      permissions: [
        ...(f.permissions ?? []).map((p) => `${p.role}: ${p.access} ${p.operations.join(', ')} on ${p.table}`),
        ...(f.ownerPolicy ?? []).map((p) => `Owner: ${p.access} ${p.operations.join(', ')} on ${p.table}`),
      ],
      logic: (f.code ?? []).map((c) => ({ file: c.file, summary: c.summary })),
    };
  }

  /** The ids, for messages that name the choices. */
  names(): string {
    return [...this.byId.keys()].map((k) => `'${k}'`).join(', ');
  }
}
