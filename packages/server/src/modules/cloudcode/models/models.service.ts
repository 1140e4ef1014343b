import { CODE_LANGUAGES, DEFAULT_CODE_MODEL, type CodeLanguage, type CodeModel } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { ModelsRepo } from '../store/index.js';

/** `JS`, `js` → `JS`; 404 naming anything else. */
export function languageOf(raw: string): CodeLanguage {
  const upper = raw.toUpperCase();
  const found = CODE_LANGUAGES.find((l) => l === upper);
  if (!found) throw ApiError.notFound(`Unknown cloud-code language '${raw}' (known: ${CODE_LANGUAGES.join(', ')})`);
  return found;
}

/**
 * Deployment models. Every language has the `default` model without creating it; its row is
 * written the first time something is saved into it.
 */
export class ModelsService {
  private readonly repo: ModelsRepo;

  constructor(ctx: ServerContext) {
    this.repo = new ModelsRepo(ctx.dbs);
  }

  languages(): string[] {
    return [...CODE_LANGUAGES];
  }

  async names(appId: string, rawLanguage: string): Promise<string[]> {
    const language = languageOf(rawLanguage);
    const names = (await this.repo.list(appId, language)).map((m) => m.name);
    return names.includes(DEFAULT_CODE_MODEL) ? names : [DEFAULT_CODE_MODEL, ...names];
  }

  async all(appId: string): Promise<CodeModel[]> {
    const rows = await this.repo.list(appId);
    const out: CodeModel[] = [];
    for (const language of CODE_LANGUAGES) {
      const mine = rows.filter((r) => r.language === language);
      if (!mine.some((r) => r.name === DEFAULT_CODE_MODEL))
        out.push({ name: DEFAULT_CODE_MODEL, language, created: 0 });
      out.push(...mine);
    }
    return out;
  }

  async create(appId: string, rawLanguage: string, name: string): Promise<CodeModel> {
    const language = languageOf(rawLanguage);
    const created = Date.now();
    if (name === DEFAULT_CODE_MODEL || !(await this.repo.create(appId, language, name, created)))
      throw ApiError.conflict(`The ${language} model '${name}' already exists`);
    return { name, language, created };
  }

  /**
   * The (language, model) a call names, checked: 404 naming an unknown language or model. The
   * `default` model's row is written on the first write into it (`forWrite`).
   */
  async require(
    appId: string,
    rawLanguage: string,
    model: string,
    forWrite = false,
  ): Promise<{ language: CodeLanguage; model: string }> {
    const language = languageOf(rawLanguage);
    if (model === DEFAULT_CODE_MODEL) {
      if (forWrite) await this.repo.create(appId, language, model, Date.now());
      return { language, model };
    }
    if (!(await this.repo.exists(appId, language, model)))
      throw ApiError.notFound(`Unknown ${language} model '${model}'`);
    return { language, model };
  }
}
