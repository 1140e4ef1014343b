import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, OpenObjectSchema } from '../schemas.js';

/*
 * Event handlers, timers, invocation chains, categories and events of the reference client's `bl`
 * group (route names `bl.*`, decision 0047). `:mode` is the lower-cased mode (`draft`,
 * `production` or `prod`, `debug`, `marketplace`); `:category` is `events` or `timers`.
 */

const sc = '/:appId/console/servercode';
const BL = DevOperations.BUSINESS_LOGIC;

/**
 * An event handler or a timer as the console lists them. Timers carry `timername` and
 * `category: 'TIMER'`; handlers their event (`eventId`, `event`), `category` (the event's provider
 * key: `PERSISTENCE`, `USER` …) and `target`. A MARKETPLACE one is answered as such; the reference
 * client shows it as PRODUCTION with `fromMarketplace`.
 */
export const CodeHandlerSchema = OpenObjectSchema({
  id: Type.String(),
  mode: Type.String(),
  category: Type.String(),
  language: Type.String(),
  model: Type.String(),
  enabled: Type.Boolean(),
  deployed: Type.Boolean(),
  created: Type.Number(),
  // handlers
  eventId: Type.Optional(Type.Integer()),
  event: Type.Optional(Type.String()),
  provider: Type.Optional(Type.String()),
  target: Type.Optional(Type.String()),
  async: Type.Optional(Type.Boolean()),
  timeout: Type.Optional(NullableSchema(Type.Integer())),
  // timers
  timername: Type.Optional(Type.String()),
  startDate: Type.Optional(NullableSchema(Type.Number())),
  expire: Type.Optional(NullableSchema(Type.Number())),
  frequency: Type.Optional(Type.Unknown()),
  timezone: Type.Optional(NullableSchema(Type.String())),
  nextRun: Type.Optional(NullableSchema(Type.Number())),
  lastRun: Type.Optional(NullableSchema(Type.Number())),
  lastStatus: Type.Optional(NullableSchema(Type.String())),
});
export type CodeHandler = Static<typeof CodeHandlerSchema>;

/**
 * Create and update bodies: the handler as the console holds it (the reference client sends it
 * whole on update). Handlers name `eventId` (number, its digits, or the event's name) and `target`;
 * timers `timername` (or `name`), `startDate`, `expire`, `frequency`, `timezone`.
 */
export const CodeHandlerBodySchema = OpenObjectSchema({
  eventId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })])),
  event: Type.Optional(Type.String({ maxLength: 100 })),
  provider: Type.Optional(Type.String({ maxLength: 40 })),
  target: Type.Optional(Type.String({ maxLength: 255 })),
  async: Type.Optional(Type.Boolean()),
  enabled: Type.Optional(Type.Boolean()),
  timeout: Type.Optional(NullableSchema(Type.Integer({ minimum: 100, maximum: 120_000 }))),
  language: Type.Optional(Type.String({ maxLength: 20 })),
  model: Type.Optional(Type.String({ maxLength: 100 })),
  timername: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  startDate: Type.Optional(NullableSchema(Type.Union([Type.Number(), Type.String({ maxLength: 40 })]))),
  expire: Type.Optional(NullableSchema(Type.Union([Type.Number(), Type.String({ maxLength: 40 })]))),
  frequency: Type.Optional(Type.Unknown()),
  timezone: Type.Optional(NullableSchema(Type.String({ maxLength: 64 }))),
});
export type CodeHandlerBody = Static<typeof CodeHandlerBodySchema>;

export const CodeCategorySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  provider: Type.String(),
  targeted: Type.Boolean(),
  targetKind: NullableSchema(Type.String()),
});

export const CodeEventSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  provider: Type.String(),
  category: Type.String(),
  phase: Type.String(),
  args: Type.Array(Type.String()),
  targeted: Type.Boolean(),
});

/** One handler of a chain, in the order it runs. */
export const ChainEntrySchema = Type.Object({
  id: Type.String(),
  model: Type.String(),
  language: Type.String(),
  target: Type.String(),
  mode: Type.String(),
  enabled: Type.Boolean(),
});
export const ChainSchema = Type.Object({
  eventId: Type.Integer(),
  context: Type.String(),
  handlers: Type.Array(ChainEntrySchema),
});
/** The new order: handler ids (or handlers with `id`), first to run first. */
export const ChainBodySchema = Type.Object({
  handlers: Type.Array(
    Type.Union([Type.String({ maxLength: 64 }), OpenObjectSchema({ id: Type.String({ maxLength: 64 }) })]),
    { maxItems: 500 },
  ),
});

export const TimerLogSchema = Type.Object({
  id: Type.String(),
  timername: Type.String(),
  trigger: Type.String(),
  startedAt: Type.Number(),
  durationMs: NullableSchema(Type.Number()),
  status: Type.String(),
  error: NullableSchema(Type.String()),
});
export const TimerLogsQuerySchema = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  fromDate: Type.Optional(Type.Number()),
  toDate: Type.Optional(Type.Number()),
  timer: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
});

export const blHandlerRoutes = {
  getEventHandlers: defineRoute({
    name: 'bl.getEventHandlers',
    method: 'GET',
    path: sc,
    auth: 'developer',
    area: 'code',
    query: Type.Object({ mode: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 4 })) }),
    response: Type.Array(CodeHandlerSchema),
    summary: 'Event handlers and timers of the app, of every mode or of the `mode`s asked',
  }),
  createEventHandler: defineRoute({
    name: 'bl.createEventHandler',
    method: 'POST',
    path: `${sc}/:mode/:category`,
    auth: 'developer',
    area: 'code',
    devPermission: BL,
    body: CodeHandlerBodySchema,
    response: CodeHandlerSchema,
    summary:
      'Declares a handler or timer (a DRAFT one also gets a stub file in the draft); 400 for an unknown event, target or schedule',
  }),
  updateEventHandler: defineRoute({
    name: 'bl.updateEventHandler',
    method: 'PUT',
    path: `${sc}/:mode/:category/:handlerId`,
    auth: 'developer',
    area: 'code',
    devPermission: BL,
    body: CodeHandlerBodySchema,
    response: CodeHandlerSchema,
    summary: 'Changes a handler (target, async, timeout, enabled) or a timer (schedule, enabled)',
  }),
  deleteEventHandler: defineRoute({
    name: 'bl.deleteEventHandler',
    method: 'DELETE',
    path: `${sc}/:mode/:category/:handlerId`,
    auth: 'developer',
    area: 'code',
    devPermission: BL,
    response: Type.Object({ deleted: Type.Boolean() }),
    summary: 'Removes a handler or timer',
  }),
  changeHandlerState: defineRoute({
    name: 'bl.changeHandlerState',
    method: 'PUT',
    path: `${sc}/:mode/:category/:handlerId/state`,
    auth: 'developer',
    area: 'code',
    devPermission: BL,
    body: Type.Object({ enabled: Type.Boolean() }),
    response: CodeHandlerSchema,
    summary: 'Enables or disables a handler or timer; the next request (or tick) sees it',
  }),
  invokeTimer: defineRoute({
    name: 'bl.invokeTimer',
    method: 'POST',
    path: `${sc}/:mode/:category/:timerName/run`,
    auth: 'developer',
    area: 'code',
    devPermission: DevOperations.RUN_TIMER,
    response: Type.Object({ status: Type.String(), error: NullableSchema(Type.String()) }),
    summary: 'Runs a timer now, outside its schedule (logged with trigger `manual`)',
  }),
  getHandlerInvocationChain: defineRoute({
    name: 'bl.getHandlerInvocationChain',
    method: 'GET',
    path: `${sc}/chain/:eventId/:context`,
    auth: 'developer',
    area: 'code',
    response: ChainSchema,
    summary: 'The handlers of an event and target (`*` included) in the order they run',
  }),
  updateHandlerInvocationChain: defineRoute({
    name: 'bl.updateHandlerInvocationChain',
    method: 'PUT',
    path: `${sc}/chain/:eventId/:context`,
    auth: 'developer',
    area: 'code',
    devPermission: BL,
    body: ChainBodySchema,
    response: ChainSchema,
    summary: 'Stores the order of a chain',
  }),
  getCategories: defineRoute({
    name: 'bl.getCategories',
    method: 'GET',
    path: `${sc}/categories`,
    auth: 'developer',
    area: 'code',
    response: Type.Array(CodeCategorySchema),
    summary: 'Event categories (providers) handlers can be created for',
  }),
  getEvents: defineRoute({
    name: 'bl.getEvents',
    method: 'GET',
    path: `${sc}/events`,
    auth: 'developer',
    area: 'code',
    response: Type.Array(CodeEventSchema),
    summary: 'Every event with its id (the runner numbering), arguments and whether it takes a target',
  }),
  getTimerLogs: defineRoute({
    name: 'bl.getTimerLogs',
    method: 'GET',
    path: `${sc}/timers/logs`,
    auth: 'developer',
    area: 'code',
    query: TimerLogsQuerySchema,
    response: Type.Object({ data: Type.Array(TimerLogSchema), totalRows: Type.Integer() }),
    summary: 'Runs of the app timers, newest first: `{data, totalRows}`',
  }),
};
