import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { SuccessSchema } from '../schemas.js';

/** A console area the navigator offers, with whether it can be opened on this server. */
export const NavigatorAreaSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  group: Type.String(),
  /** Console URL segment under `/apps/:appId/` (or top level for account areas). */
  segment: Type.String(),
  parent: Type.Optional(Type.String()),
  available: Type.Boolean(),
});
export type NavigatorArea = Static<typeof NavigatorAreaSchema>;

/** A place the developer went, as `log` recorded it. */
export const NavigatorVisitSchema = Type.Object({
  /** Console path (`/apps/ABC/data/Orders`). */
  path: Type.String(),
  title: Type.String(),
  appId: Type.Union([Type.String(), Type.Null()]),
  /** Epoch ms of the last visit. */
  at: Type.Number(),
});
export type NavigatorVisit = Static<typeof NavigatorVisitSchema>;

/** Answer of `loadNavigatorOptions`: where the console's navigator (command palette) can take the developer. */
export const NavigatorOptionsSchema = Type.Object({
  areas: Type.Array(NavigatorAreaSchema),
  /** The developer's latest places, newest first, at most 20 (kept on the server: they follow the developer). */
  recent: Type.Array(NavigatorVisitSchema),
});
export type NavigatorOptions = Static<typeof NavigatorOptionsSchema>;

/** Body of `log`: a place the developer opened. */
export const NavigatorLogBody = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 500 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    appId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: true },
);
export type NavigatorLogInput = Static<typeof NavigatorLogBody>;

/**
 * The console's navigator (`navigator` group of the reference client): the destinations the
 * command palette offers and the developer's recent places. Declared as console routes so that
 * `/console/navigator/log` is never read as the app API's `/{appId}/{apiKey}/log`.
 */
export const navigatorRoutes = {
  loadNavigatorOptions: defineRoute({
    name: 'navigator.loadNavigatorOptions',
    method: 'GET',
    path: '/console/navigator',
    auth: 'developer',
    response: NavigatorOptionsSchema,
    summary: "The console's areas with their availability, and the developer's recent places",
  }),
  log: defineRoute({
    name: 'navigator.log',
    method: 'POST',
    path: '/console/navigator/log',
    auth: 'developer',
    body: NavigatorLogBody,
    response: SuccessSchema,
    summary: 'Records a place the developer opened `{path, title?, appId?}` (a path must start with `/`)',
  }),
};
