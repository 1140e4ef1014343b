import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/cachecontrol/:service';
const perm = DevOperations.CACHE_CONTROL;

/** The app API services a caching policy can name. */
export const CachePolicyServiceSchema = Type.Union([Type.Literal('data'), Type.Literal('files')]);
export type CachePolicyService = Static<typeof CachePolicyServiceSchema>;

/**
 * What a policy puts in `Cache-Control`: `no-cache` (a cache must ask again every time, the ETag
 * makes that a cheap 304), `private` (only the caller's own browser may keep it), `public` (shared
 * caches may keep it too; never for an answer to a request with a user token: that one is `private`).
 */
export const CacheDirectiveSchema = Type.Union([
  Type.Literal('no-cache'),
  Type.Literal('private'),
  Type.Literal('public'),
]);
export type CacheDirective = Static<typeof CacheDirectiveSchema>;

/**
 * A caching policy as `createServiceItem` / `updateServiceItem` send it. Fields left out keep their
 * value on an update and take the default on a create (`no-cache`, max-age 0, ETag on).
 */
export const CachePolicyBody = Type.Object(
  {
    cacheControl: Type.Optional(Type.String({ maxLength: 20 })),
    maxAge: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
    etag: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type CachePolicyInput = Static<typeof CachePolicyBody>;

/**
 * One caching policy of the app API's GET answers. `target` is a table name for `data`, a path
 * prefix for `files` (`web/img` covers `web/img/logo.png`; the longest matching prefix wins), or
 * `*` for every table or file the service serves that has no policy of its own.
 */
export const CachePolicySchema = Type.Object({
  service: CachePolicyServiceSchema,
  target: Type.String(),
  cacheControl: CacheDirectiveSchema,
  /** Seconds a cache may keep the answer without asking again (0 to 31,536,000). */
  maxAge: Type.Integer(),
  /** Whether answers carry a strong ETag over their body and `If-None-Match` gets a 304. */
  etag: Type.Boolean(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type CachePolicy = Static<typeof CachePolicySchema>;

/**
 * Caching policies per service and target (`cacheControl` group of the reference client). The app
 * API applies them to its GET answers of data tables and files: `Cache-Control`, ETag and 304.
 * A files target holding `/` travels as one encoded path segment (`web%2Fimg`).
 */
export const cacheControlRoutes = {
  loadAllServiceItems: defineRoute({
    name: 'cacheControl.loadAllServiceItems',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(CachePolicySchema),
    summary: "The service's caching policies, by target",
  }),
  loadServiceItem: defineRoute({
    name: 'cacheControl.loadServiceItem',
    method: 'GET',
    path: `${base}/:target`,
    auth: 'developer',
    response: CachePolicySchema,
    summary: "One target's caching policy (404 when it has none)",
  }),
  createServiceItem: defineRoute({
    name: 'cacheControl.createServiceItem',
    method: 'POST',
    path: `${base}/:target`,
    auth: 'developer',
    devPermission: perm,
    body: CachePolicyBody,
    response: CachePolicySchema,
    summary: 'Adds a caching policy `{cacheControl, maxAge, etag}` (409 when the target has one)',
  }),
  updateServiceItem: defineRoute({
    name: 'cacheControl.updateServiceItem',
    method: 'PUT',
    path: `${base}/:target`,
    auth: 'developer',
    devPermission: perm,
    body: CachePolicyBody,
    response: CachePolicySchema,
    summary: "Changes a target's caching policy (404 when it has none)",
  }),
  deleteServiceItem: defineRoute({
    name: 'cacheControl.deleteServiceItem',
    method: 'DELETE',
    path: `${base}/:target`,
    auth: 'developer',
    devPermission: perm,
    response: SuccessSchema,
    summary: "Removes a target's caching policy: its answers are no longer cached",
  }),
};
