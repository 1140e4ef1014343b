import { Routes, type PreviewToken } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.consolePreview;

export type { PreviewToken };

/** The console's preview of unpublished UI pages (`consolePreview` group of the reference client). */
export function createConsolePreviewGroup({ request }: GroupContext) {
  return {
    /**
     * A short-lived token opening the unpublished pages of one container (`default` unless
     * `container` is given; the reference client sends only the app id).
     */
    getPreviewInitToken(appId: string, container?: string): Promise<PreviewToken> {
      return request.route(r.getPreviewInitToken, [appId], container === undefined ? {} : { query: { container } });
    },
  };
}
