import type { PreviewToken } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { ContainersService } from '../containers.service.js';
import type { PublishService } from '../publish.service.js';
import type { PreviewSource } from '../serve/public-pages.js';
import type { UiOrigin } from '../serve/ui-origin.js';
import { Signer } from './signed.js';

/** How long a preview token opens the pages: long enough to look, short enough not to share. */
export const PREVIEW_TTL_MS = 10 * 60_000;

/**
 * The console's preview of a container's unpublished pages (decision 0093): a token signed for
 * one app and one container, valid ten minutes, served on the UI origin (never the console's)
 * under `/__preview/{token}` with the same renderer, CSP and visitor data as published pages.
 */
export class PreviewService implements PreviewSource {
  private readonly signer: Signer;

  constructor(
    ctx: ServerContext,
    private readonly containers: ContainersService,
    private readonly publish: PublishService,
    private readonly ui: UiOrigin,
    private readonly ttl = PREVIEW_TTL_MS,
  ) {
    this.signer = new Signer(ctx.config.dataDir, 'ui-preview');
  }

  async token(appId: string, container = 'default'): Promise<PreviewToken> {
    const c = await this.containers.live(appId, container);
    const { token, expires } = this.signer.sign({ a: appId, c: c.name }, this.ttl);
    return { token, container: c.name, expires, url: `${this.ui.base()}/__preview/${token}` };
  }

  async open(token: string): ReturnType<PreviewSource['open']> {
    const v = this.signer.verify<{ a?: unknown; c?: unknown }>(token);
    if ('refused' in v) return v;
    const { a, c } = v.claim;
    if (typeof a !== 'string' || typeof c !== 'string') return { refused: 'invalid' };
    try {
      return { appId: a, container: c, snapshot: await this.publish.draft(a, c) };
    } catch (err) {
      // The container went to the trash (404) or no longer renders (a dropped table): nothing to show.
      if (err instanceof ApiError) return { refused: 'gone' };
      throw err;
    }
  }
}
