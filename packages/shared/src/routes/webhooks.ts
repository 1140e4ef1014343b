import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

const base = '/:appId/console/webhook';
/** Webhooks run beside the app's server code (they live under Cloud Code): its permission guards them. */
const perm = DevOperations.BUSINESS_LOGIC;

/** What a stored secret or header value looks like in answers; sending it back keeps the stored value. */
export const WEBHOOK_MASK = '********';

/**
 * A webhook as `saveWebhook` / `updateWebhook` send it. `events` name what it hears:
 * `data.<table>.created|updated|deleted` (`*` for every table), `users.registered`,
 * `users.loggedin`, `files.uploaded`, `files.deleted`, `messaging.published`. `filter` is a where
 * clause the event's data must match (a record's columns, a file's `path`, a message's `channel`).
 * Fields left out of an update keep their value.
 */
export const WebhookBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    url: Type.Optional(Type.String({ maxLength: 4096 })),
    secret: Type.Optional(Type.String({ maxLength: 1024 })),
    events: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 200 })),
    headers: Type.Optional(Type.Union([Type.Record(Type.String(), Type.String({ maxLength: 4096 })), Type.Null()])),
    filter: Type.Optional(Type.Union([Type.String({ maxLength: 4000 }), Type.Null()])),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type WebhookInput = Static<typeof WebhookBody>;

/** A stored webhook; `secret` and header values are masked (`********`), never sent back. */
export const WebhookSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  /** `********` when a secret is set, `''` otherwise. */
  secret: Type.String(),
  events: Type.Array(Type.String()),
  headers: Type.Record(Type.String(), Type.String()),
  filter: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  /**
   * The circuit breaker (decision 0085): `open` after too many failed attempts in a row (its
   * deliveries wait, untried and kept, until `until`), `probing` when the cool-down is over and the
   * next delivery tests the receiver, `closed` otherwise. `failures`: failed attempts in a row.
   */
  circuit: Type.Optional(
    Type.Object({
      state: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('probing')]),
      failures: Type.Integer(),
      until: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  created: Type.Number(),
  updated: Type.Number(),
});
export type Webhook = Static<typeof WebhookSchema>;

/** One operation a webhook can hear, for the console's events picker. */
export const WebhookOperationSchema = Type.Object({
  /** The event name a webhook lists (`data.Order.created`). */
  event: Type.String(),
  /** `data`, `users`, `files` or `messaging`. */
  group: Type.String(),
  /** The table of a data event (`*`: every table). */
  table: Type.Optional(Type.String()),
  title: Type.String(),
});
export type WebhookOperation = Static<typeof WebhookOperationSchema>;

/** One try of a delivery: the receiver's status code (null when it could not be reached), time and error. */
export const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  at: Type.Number(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookAttempt = Static<typeof WebhookAttemptSchema>;

/**
 * One delivery of an event to a webhook; `id` is its `X-Basalt-Delivery` header, the same on
 * every attempt. `state`: `pending` (waiting for its first or next attempt), `delivered` (a 2xx
 * answer), `failed` (every attempt failed).
 */
export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  webhookId: Type.String(),
  event: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  created: Type.Number(),
  /** When the next attempt is due (pending deliveries). */
  nextAt: Type.Union([Type.Number(), Type.Null()]),
  /** The body sent, as JSON text. */
  body: Type.String(),
  attempts: Type.Array(WebhookAttemptSchema),
  /** `circuit-open`: a pending delivery queued untried while the webhook's breaker is open (`nextAt`: when it reopens). */
  held: Type.Optional(Type.Literal('circuit-open')),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** Deliveries created before this time (epoch ms), for the next page. */
  before: Type.Optional(Type.Number()),
});

/**
 * Webhooks of an app (`webhooks` group of the reference client, plus the delivery log and "send
 * test"): HTTP endpoints that hear about the app's events, signed with HMAC-SHA256 and retried.
 */
export const webhooksRoutes = {
  getWebhooks: defineRoute({
    name: 'webhooks.getWebhooks',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(WebhookSchema),
    summary: "The app's webhooks, secrets masked",
  }),
  getWebhookOperations: defineRoute({
    name: 'webhooks.getWebhookOperations',
    method: 'GET',
    path: `${base}/operations`,
    auth: 'developer',
    response: Type.Array(WebhookOperationSchema),
    summary: 'The events a webhook can hear: per table created/updated/deleted, users, files, messaging',
  }),
  saveWebhook: defineRoute({
    name: 'webhooks.saveWebhook',
    method: 'POST',
    path: base,
    auth: 'developer',
    devPermission: perm,
    body: WebhookBody,
    response: WebhookSchema,
    summary: 'Adds a webhook `{name, url, secret, events, headers?, filter?}`',
  }),
  updateWebhook: defineRoute({
    name: 'webhooks.updateWebhook',
    method: 'PUT',
    path: `${base}/:webhookId`,
    auth: 'developer',
    devPermission: perm,
    body: WebhookBody,
    response: WebhookSchema,
    summary: 'Changes a webhook; fields left out, and masked values sent back, keep their value',
  }),
  deleteWebhook: defineRoute({
    name: 'webhooks.deleteWebhook',
    method: 'DELETE',
    path: `${base}/:webhookId`,
    auth: 'developer',
    devPermission: perm,
    response: SuccessSchema,
    summary: 'Removes a webhook and its delivery log; deliveries still pending are dropped',
  }),
  getWebhookDeliveries: defineRoute({
    name: 'webhooks.getWebhookDeliveries',
    method: 'GET',
    path: `${base}/:webhookId/deliveries`,
    auth: 'developer',
    query: WebhookDeliveriesQuery,
    response: Type.Array(WebhookDeliverySchema),
    summary: "A webhook's delivery log, newest first, with every attempt's status code, duration and error",
  }),
  sendTestWebhook: defineRoute({
    name: 'webhooks.sendTestWebhook',
    method: 'POST',
    path: `${base}/:webhookId/test`,
    auth: 'developer',
    devPermission: perm,
    response: WebhookDeliverySchema,
    summary: 'Sends a `webhook.test` event now and answers the delivery with its first attempt',
  }),
};
