import type { CodeFile, CodeFileInput } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { FilesRepo, type FileKey, type StoredFile } from '../store/index.js';
import { ModelsService } from '../models/models.service.js';
import { baseName, filePath } from './paths.js';
import { checkSizes } from './limits.js';

export interface DraftChange {
  writes: Array<{ path: string; content: string }>;
  removes: string[];
}

/**
 * Checks the files of a save or deploy body: paths (decoded once when `encoded`), no path twice,
 * a content for every file not deleted.
 */
export function draftChange(files: CodeFileInput[], encoded: boolean): DraftChange {
  const seen = new Set<string>();
  const change: DraftChange = { writes: [], removes: [] };
  for (const f of files) {
    const path = filePath(f.id, encoded);
    if (seen.has(path)) throw ApiError.badRequest(`The file '${path}' is listed twice`);
    seen.add(path);
    if (f.deleted) change.removes.push(path);
    else if (typeof f.content !== 'string') throw ApiError.badRequest(`The file '${path}' has no content`);
    else change.writes.push({ path, content: f.content });
  }
  return change;
}

/** What the draft will hold after `change`: the current files with the change applied. */
export function applyChange(current: StoredFile[], change: DraftChange): Array<{ path: string; content: string }> {
  const next = new Map(current.map((f) => [f.path, f.content]));
  for (const p of change.removes) next.delete(p);
  for (const w of change.writes) next.set(w.path, w.content);
  return [...next].map(([path, content]) => ({ path, content }));
}

const fileOf = (f: { path: string; size: number; updated: number }): CodeFile => ({
  id: f.path,
  name: baseName(f.path),
  size: f.size,
  updated: f.updated,
});

/** Draft files of a model: editable, never run until deployed. */
export class DraftsService {
  readonly files: FilesRepo;
  readonly models: ModelsService;

  constructor(ctx: ServerContext) {
    this.files = new FilesRepo(ctx.dbs);
    this.models = new ModelsService(ctx);
  }

  async key(appId: string, language: string, model: string, forWrite = false): Promise<FileKey> {
    const m = await this.models.require(appId, language, model, forWrite);
    return { appId, language: m.language, model: m.model };
  }

  async list(appId: string, language: string, model: string): Promise<CodeFile[]> {
    const k = await this.key(appId, language, model);
    return (await this.files.list(k, 'draft')).map(fileOf);
  }

  /** Saves draft files (ids path-encoded, as the reference client sends them); answers the draft. */
  async save(appId: string, language: string, model: string, body: CodeFileInput[]): Promise<CodeFile[]> {
    const change = draftChange(body, true);
    const k = await this.key(appId, language, model, true);
    checkSizes(applyChange(await this.files.all(k, 'draft'), change));
    await this.files.change(k, 'draft', change.writes, change.removes, Date.now());
    return (await this.files.list(k, 'draft')).map(fileOf);
  }

  /** One draft file's text; `names` are the decoded parts of its path. */
  async content(appId: string, language: string, model: string, rawPath: string): Promise<string> {
    const k = await this.key(appId, language, model);
    const path = filePath(rawPath, true);
    const file = await this.files.get(k, 'draft', path);
    if (!file) throw ApiError.notFound(`The draft file '${path}' does not exist in model '${k.model}'`);
    return file.content;
  }

  async all(appId: string, language: string, model: string): Promise<{ key: FileKey; files: StoredFile[] }> {
    const k = await this.key(appId, language, model);
    return { key: k, files: await this.files.all(k, 'draft') };
  }
}
