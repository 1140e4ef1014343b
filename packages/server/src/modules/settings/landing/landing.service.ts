import { Readable } from 'node:stream';
import {
  LANDING_TEMPLATES,
  defaultLandingContent,
  landingContentProblem,
  renderLandingPage,
  type LandingPage,
  type LandingPageContent,
  type LandingPageInput,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { createStorage, checkName } from '../../../storage/index.js';
import { LandingRepo } from './landing.repo.js';

/** Where publish writes the page: the app's web root, which its web files route serves. */
export const LANDING_PATH = 'web/index.html';
/** Images of the page: `web/landing/{section}/{name}`, addressed relative to the page. */
const UPLOAD_DIR = 'landing';
const IMAGE = /\.(png|jpe?g|gif|webp|svg|ico|avif)$/i;
const FIELDS = Object.keys(defaultLandingContent()) as Array<keyof LandingPageContent>;

/**
 * The app's landing page: content saved per app, rendered by the shared template code (the
 * console's preview renders the same HTML) and published through the files storage driver, whose
 * path rules keep every write inside the app's files.
 */
export class LandingService {
  private readonly repo: LandingRepo;
  private readonly storage: ReturnType<typeof createStorage>;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new LandingRepo(ctx.dbs);
    this.storage = createStorage(ctx.config);
  }

  templates() {
    return LANDING_TEMPLATES;
  }

  async get(appId: string): Promise<LandingPage> {
    const row = await this.repo.get(appId);
    const content = row
      ? { ...defaultLandingContent(), ...(JSON.parse(row.content) as LandingPageContent) }
      : defaultLandingContent();
    return { content, updated: row?.updated ?? null, published: row?.published ?? null, path: LANDING_PATH };
  }

  async save(appId: string, input: LandingPageInput): Promise<LandingPage> {
    const content = await this.merged(appId, input);
    await this.repo.save(appId, JSON.stringify(content), Date.now());
    return this.get(appId);
  }

  /** Saves, then writes the rendered page to `web/index.html` (replacing what is there). */
  async publish(appId: string, input: LandingPageInput): Promise<LandingPage> {
    const content = await this.merged(appId, input);
    const html = Buffer.from(renderLandingPage(content), 'utf8');
    await this.storage.forApp(appId).write(LANDING_PATH, Readable.from([html]), {
      limit: this.ctx.config.uploadLimit,
      overwrite: true,
    });
    const now = Date.now();
    await this.repo.save(appId, JSON.stringify(content), now, now);
    return this.get(appId);
  }

  /** Stores an image for the page; the section and name are single checked names (no `/`, no `..`). */
  async upload(appId: string, section: string, name: string, file: Readable): Promise<{ path: string; url: string }> {
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(section))
      throw ApiError.field(
        'BAD_REQUEST',
        'section',
        `'${section.slice(0, 60)}' is a section name of letters, digits, - and _`,
      );
    if (/[/\\]/.test(name) || name === '..')
      throw ApiError.field('BAD_REQUEST', 'name', `'${name.slice(0, 100)}' is one file name, without / or ..`);
    const fileName = checkName(name);
    if (!IMAGE.test(fileName))
      throw ApiError.field(
        'BAD_REQUEST',
        'name',
        `'${fileName}' is not an image (png, jpg, gif, webp, svg, ico, avif)`,
      );
    const url = `${UPLOAD_DIR}/${section}/${fileName}`;
    const path = `web/${url}`;
    await this.storage.forApp(appId).write(path, file, { limit: this.ctx.config.uploadLimit, overwrite: true });
    return { path, url };
  }

  /** The saved content with the given fields over it, checked; a bad field is a 400 naming it. */
  private async merged(appId: string, input: LandingPageInput): Promise<LandingPageContent> {
    const content = { ...(await this.get(appId)).content };
    for (const field of FIELDS) {
      const v = input[field];
      if (v === undefined) continue;
      if (typeof v !== 'string') throw ApiError.field('BAD_REQUEST', field, `'${field}' is a text`);
      content[field] = v.trim();
    }
    const problem = landingContentProblem(content);
    if (problem) throw ApiError.field('BAD_REQUEST', problem.field, `'${problem.field}' ${problem.problem}`);
    return content;
  }
}
