import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { PageSchema, SuccessSchema } from '../schemas.js';

/** A counter name: any printable text without slashes, as the console and app API send it. */
export const CounterNameSchema = Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\u0000-\\u001f]+$' });

/** Counter values are whole numbers kept exact by JavaScript (±2^53 − 1). */
export const CounterValueSchema = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });

const base = '/:appId/console/counters';

/** One counter as the console routes answer it (`objectId` is the name). */
export const CounterItemSchema = Type.Object({ objectId: Type.String(), name: Type.String(), value: Type.Number() });
export type CounterItem = Static<typeof CounterItemSchema>;

/** Paging, sorting and name filter of `counters.get`. */
export const CountersQuerySchema = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  sortField: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('value')])),
  sortDir: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')]),
  ),
  /** Glob over counter names (`*` any run, `?` one character); `*` when absent. */
  pattern: Type.Optional(Type.String({ maxLength: 255 })),
});
export type CountersQuery = Static<typeof CountersQuerySchema>;

/** Atomic counters of an application (`counters` group of the reference client). */
export const countersRoutes = {
  get: defineRoute({
    name: 'counters.get',
    method: 'GET',
    path: base,
    auth: 'developer',
    query: CountersQuerySchema,
    response: PageSchema(CounterItemSchema),
    summary:
      'A page of counters whose names match a glob pattern (`*`, `?`): `{data: [{objectId, name, value}], totalRows}`',
  }),
  listNames: defineRoute({
    name: 'counters.listNames',
    method: 'GET',
    path: `${base}/:pattern/list-names`,
    auth: 'developer',
    response: Type.Array(Type.String()),
    summary: 'Names of the counters matching a glob pattern (`*` for all), sorted',
  }),
  listCounters: defineRoute({
    name: 'counters.listCounters',
    method: 'POST',
    path: `${base}/list-by-names`,
    auth: 'developer',
    body: Type.Array(CounterNameSchema, { maxItems: 1000 }),
    response: Type.Array(CounterItemSchema),
    summary: 'The listed counters that exist, as `[{objectId, name, value}]`',
  }),
  create: defineRoute({
    name: 'counters.create',
    method: 'POST',
    path: `${base}/:name`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Object({ value: Type.Optional(CounterValueSchema) }),
    response: CounterItemSchema,
    summary: 'Creates a counter (409 when the name is taken); answers `{objectId, name, value}`',
  }),
  update: defineRoute({
    name: 'counters.update',
    method: 'PUT',
    path: `${base}/:name`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    body: Type.Object({ currentValue: CounterValueSchema, newValue: CounterValueSchema }),
    response: CounterItemSchema,
    summary: 'Compare-and-set: 409 with `details.value` (the value now) when currentValue is stale',
  }),
  remove: defineRoute({
    name: 'counters.remove',
    method: 'DELETE',
    path: `${base}/:name`,
    auth: 'developer',
    devPermission: DevOperations.OBJECTS,
    response: SuccessSchema,
  }),
} satisfies Record<string, RouteDef>;
