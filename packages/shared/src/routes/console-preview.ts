import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';

/** A preview token: opens the unpublished pages of one container of one app until `expires`. */
export const PreviewTokenSchema = Type.Object({
  token: Type.String(),
  container: Type.String(),
  /** Epoch ms after which the token is refused. */
  expires: Type.Number(),
  /** The container's main page as the preview shows it (`{url}/{page}` for the others). */
  url: Type.String(),
});
export type PreviewToken = Static<typeof PreviewTokenSchema>;

/** The token the console opens an unpublished container page with (`consolePreview` group, decision 0093). */
export const consolePreviewRoutes = {
  getPreviewInitToken: defineRoute({
    name: 'consolePreview.getPreviewInitToken',
    method: 'GET',
    path: '/:appId/console/preview/preview-init-token',
    auth: 'developer',
    query: Type.Object({ container: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: PreviewTokenSchema,
    summary:
      "A short-lived token (10 minutes) for the preview of one container's unpublished pages (default: `default`) on the UI origin",
  }),
} satisfies Record<string, RouteDef>;
