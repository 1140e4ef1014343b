import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, OpenObjectSchema } from '../schemas.js';

const base = '/:appId/console/messaging';

/**
 * A channel name: it travels raw in app API paths (`/messaging/{channel}`), so only characters that
 * need no encoding are allowed. Names that collide with app API literals are refused by the server.
 */
export const ChannelNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' });

/** The fixed settings the reference client sends with every channel create and rename. */
const ChannelSettings = Type.Object(
  {
    polling: Type.Optional(Type.Boolean()),
    rtmp: Type.Optional(Type.Number()),
    websocket: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);

/** Paging keys of the list routes (both spellings the clients use). */
const Paging = {
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
const DeviceQuery = Type.Object(
  { ...Paging, where: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: true },
);
const MessageQuery = Type.Object({ ...Paging }, { additionalProperties: true });
const PlatformQuery = Type.Object(
  { platform: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: true },
);

/** Body of a publish (console and app API): the message and its publish/delivery options. */
export const PublishBody = Type.Object(
  {
    message: Type.Optional(Type.Unknown()),
    publisherId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    headers: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    subtopic: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    pushBroadcast: Type.Optional(Type.Unknown()),
    pushSinglecast: Type.Optional(Type.Unknown()),
    publishPolicy: Type.Optional(
      Type.Union([Type.Literal('PUSH'), Type.Literal('PUBSUB'), Type.Literal('BOTH'), Type.Null()]),
    ),
    publishAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    repeatEvery: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    repeatExpiresAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: true },
);

/** A template (push, button or channel template): free-form, named. */
const TemplateBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: true },
);

/** A channel as the console routes answer it. */
export const MessagingChannelSchema = Type.Object({
  /** The channel's id (the reference client reads it lower-case). */
  channelid: Type.String(),
  name: Type.String(),
  /** Stored with the channel; the fixed three are always there. */
  settings: OpenObjectSchema({ polling: Type.Boolean(), rtmp: Type.Number(), websocket: Type.Number() }),
  created: Type.Number(),
  updated: NullableSchema(Type.Number()),
});
export type MessagingChannel = Static<typeof MessagingChannelSchema>;

/**
 * A published message, as listed by the console and delivered to real-time subscribers. The history
 * keeps it as JSON and answers it as kept, so the shape is open.
 */
export const PublishedMessageSchema = OpenObjectSchema({
  messageId: Type.String(),
  timestamp: Type.Number(),
  message: Type.Unknown(),
  headers: Type.Record(Type.String(), Type.Unknown()),
  publisherId: NullableSchema(Type.String()),
  subtopic: NullableSchema(Type.String()),
  pushSinglecast: Type.Unknown(),
  pushBroadcast: Type.Unknown(),
  publishPolicy: Type.String(),
  templateValues: Type.Unknown(),
  query: Type.Null(),
  publishAt: Type.Number(),
  repeatEvery: Type.Number(),
  repeatExpiresAt: Type.Number(),
});
export type PublishedMessage = Static<typeof PublishedMessageSchema>;

/** A device registration (app API `registerDevice`), as the console lists it. */
export const DeviceRegistrationSchema = Type.Object({
  objectId: Type.String(),
  deviceId: Type.String(),
  deviceToken: Type.String(),
  os: Type.String(),
  osVersion: NullableSchema(Type.String()),
  channels: Type.Array(Type.String()),
  expiration: NullableSchema(Type.Number()),
  created: Type.Number(),
  updated: NullableSchema(Type.Number()),
});
export type DeviceRegistration = Static<typeof DeviceRegistrationSchema>;

/** One push delivery to one device; `status` says where it stands (never silently dropped). */
export const PushOutboxEntrySchema = Type.Object({
  objectId: Type.String(),
  messageId: Type.String(),
  deviceId: Type.String(),
  os: Type.String(),
  provider: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('no-credentials'),
    Type.Literal('sent'),
    Type.Literal('failed'),
  ]),
  error: NullableSchema(Type.String()),
  payload: Type.Unknown(),
  created: Type.Number(),
  updated: NullableSchema(Type.Number()),
});
export type PushOutboxEntry = Static<typeof PushOutboxEntrySchema>;

/** Answer of a publish: the message id and where it stands (`published`, `scheduled`, …). */
export const PublishAnswerSchema = Type.Object({
  messageId: Type.String(),
  status: Type.String(),
  errorMessage: NullableSchema(Type.String()),
});
export type PublishAnswer = Static<typeof PublishAnswerSchema>;

/** Answer of a console push. */
export const PushResultSchema = Type.Object({
  messageId: Type.String(),
  status: Type.Union([Type.Literal('published'), Type.Literal('scheduled')]),
  errorMessage: NullableSchema(Type.String()),
  recipients: Type.Integer(),
  /** Deliveries that wait in the outbox because the provider has no credentials. */
  waitingForCredentials: Type.Integer(),
});
export type PushResult = Static<typeof PushResultSchema>;

/** A push, button or channel template as stored: free-form, with its name (and platform, but push). */
export const MessagingTemplateSchema = OpenObjectSchema({
  name: Type.String(),
  platform: Type.Optional(Type.String()),
});
export type MessagingTemplate = Static<typeof MessagingTemplateSchema>;

const TemplatesDeletedSchema = Type.Object({ deleted: Type.Integer() });

/** Console messaging routes (`messaging` group of the reference client), plus Basalt's push outbox. */
export const messagingRoutes = {
  loadChannels: defineRoute({
    name: 'messaging.loadChannels',
    method: 'GET',
    path: `${base}/channels`,
    auth: 'developer',
    response: Type.Array(MessagingChannelSchema),
  }),
  createChannel: defineRoute({
    name: 'messaging.createChannel',
    method: 'POST',
    path: `${base}/channels`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL,
    body: Type.Object(
      { name: ChannelNameSchema, settings: Type.Optional(ChannelSettings) },
      { additionalProperties: true },
    ),
    response: MessagingChannelSchema,
  }),
  renameChannel: defineRoute({
    name: 'messaging.renameChannel',
    method: 'PUT',
    path: `${base}/channels/:channelid`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL,
    body: Type.Object(
      { name: ChannelNameSchema, settings: Type.Optional(ChannelSettings) },
      { additionalProperties: true },
    ),
    response: MessagingChannelSchema,
  }),
  deleteChannel: defineRoute({
    name: 'messaging.deleteChannel',
    method: 'DELETE',
    path: `${base}/channels/:channelId`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL,
    response: Type.Object({ deleted: Type.Boolean() }),
  }),
  loadDevices: defineRoute({
    name: 'messaging.loadDevices',
    method: 'GET',
    path: `${base}/channels/:channelId/devices`,
    auth: 'developer',
    query: DeviceQuery,
    response: Type.Array(DeviceRegistrationSchema),
  }),
  loadDevicesCount: defineRoute({
    name: 'messaging.loadDevicesCount',
    method: 'GET',
    path: `${base}/channels/:channelId/devices/count`,
    auth: 'developer',
    query: DeviceQuery,
    summary: 'The count half of loadDevices',
    response: Type.Integer(),
  }),
  deleteDevices: defineRoute({
    name: 'messaging.deleteDevices',
    method: 'DELETE',
    path: `${base}/channels/:channelId/devices`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL,
    body: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 1000 }),
    response: Type.Object({ removed: Type.Integer() }),
  }),
  loadMessages: defineRoute({
    name: 'messaging.loadMessages',
    method: 'GET',
    path: `${base}/channels/:channelId/messages`,
    auth: 'developer',
    query: MessageQuery,
    response: Type.Array(PublishedMessageSchema),
  }),
  loadMessagesCount: defineRoute({
    name: 'messaging.loadMessagesCount',
    method: 'GET',
    path: `${base}/channels/:channelId/messages/count`,
    auth: 'developer',
    query: MessageQuery,
    summary: 'The count half of loadMessages',
    response: Type.Integer(),
  }),
  publishMessage: defineRoute({
    name: 'messaging.publishMessage',
    method: 'POST',
    path: `${base}/:channelName`,
    auth: 'developer',
    devPermission: DevOperations.SEND_TO_CHANNEL,
    body: PublishBody,
    response: PublishAnswerSchema,
  }),
  getMessagingChannels: defineRoute({
    name: 'messaging.getMessagingChannels',
    method: 'GET',
    path: `${base}/channels`,
    auth: 'developer',
    summary: 'Same route as loadChannels',
    response: Type.Array(MessagingChannelSchema),
  }),
  getPushTemplates: defineRoute({
    name: 'messaging.getPushTemplates',
    method: 'GET',
    path: `${base}/push/templates`,
    auth: 'developer',
    response: Type.Array(MessagingTemplateSchema),
  }),
  createPushTemplate: defineRoute({
    name: 'messaging.createPushTemplate',
    method: 'POST',
    path: `${base}/push/templates`,
    auth: 'developer',
    devPermission: DevOperations.PUSH_TEMPLATES,
    body: TemplateBody,
    response: MessagingTemplateSchema,
  }),
  updatePushTemplate: defineRoute({
    name: 'messaging.updatePushTemplate',
    method: 'PUT',
    path: `${base}/push/templates/:pushTemplateName`,
    auth: 'developer',
    devPermission: DevOperations.PUSH_TEMPLATES,
    body: TemplateBody,
    response: MessagingTemplateSchema,
  }),
  getPushTemplate: defineRoute({
    name: 'messaging.getPushTemplate',
    method: 'GET',
    path: `${base}/push/templates/:pushTemplateName`,
    auth: 'developer',
    response: MessagingTemplateSchema,
  }),
  deletePushTemplates: defineRoute({
    name: 'messaging.deletePushTemplates',
    method: 'DELETE',
    path: `${base}/push/templates`,
    auth: 'developer',
    devPermission: DevOperations.PUSH_TEMPLATES,
    query: Type.Object({ names: Type.String({ minLength: 1, maxLength: 10000 }) }),
    response: TemplatesDeletedSchema,
  }),
  getPushRecipientsCount: defineRoute({
    name: 'messaging.getPushRecipientsCount',
    method: 'GET',
    path: `${base}/pushsize`,
    auth: 'developer',
    query: Type.Object({ where: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
    response: Type.Integer(),
  }),
  sendPush: defineRoute({
    name: 'messaging.sendPush',
    method: 'POST',
    path: `${base}/push`,
    auth: 'developer',
    devPermission: DevOperations.SEND_PUSH_BY_TEMPLATE,
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ maxLength: 100 })),
        channelName: Type.Optional(ChannelNameSchema),
        platforms: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
        message: Type.Optional(Type.Unknown()),
        where: Type.Optional(Type.String({ maxLength: 2000 })),
        options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      },
      { additionalProperties: true },
    ),
    response: PushResultSchema,
  }),
  getPushButtonTemplates: defineRoute({
    name: 'messaging.getPushButtonTemplates',
    method: 'GET',
    path: `${base}/button-templates`,
    auth: 'developer',
    query: PlatformQuery,
    response: Type.Array(MessagingTemplateSchema),
  }),
  createPushButtonTemplate: defineRoute({
    name: 'messaging.createPushButtonTemplate',
    method: 'POST',
    path: `${base}/button-templates`,
    auth: 'developer',
    devPermission: DevOperations.BUTTONS,
    body: TemplateBody,
    query: PlatformQuery,
    response: MessagingTemplateSchema,
  }),
  updatePushButtonTemplate: defineRoute({
    name: 'messaging.updatePushButtonTemplate',
    method: 'PUT',
    path: `${base}/button-templates/:templateName`,
    auth: 'developer',
    devPermission: DevOperations.BUTTONS,
    body: TemplateBody,
    query: PlatformQuery,
    response: MessagingTemplateSchema,
  }),
  deletePushButtonTemplate: defineRoute({
    name: 'messaging.deletePushButtonTemplate',
    method: 'DELETE',
    path: `${base}/button-templates/:templateName`,
    auth: 'developer',
    devPermission: DevOperations.BUTTONS,
    query: PlatformQuery,
    response: TemplatesDeletedSchema,
  }),
  getPushChannelTemplates: defineRoute({
    name: 'messaging.getPushChannelTemplates',
    method: 'GET',
    path: `${base}/channel-templates`,
    auth: 'developer',
    query: PlatformQuery,
    response: Type.Array(MessagingTemplateSchema),
  }),
  createPushChannelTemplate: defineRoute({
    name: 'messaging.createPushChannelTemplate',
    method: 'POST',
    path: `${base}/channel-templates`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL_OPTIONS,
    body: TemplateBody,
    query: PlatformQuery,
    response: MessagingTemplateSchema,
  }),
  updatePushChannelTemplate: defineRoute({
    name: 'messaging.updatePushChannelTemplate',
    method: 'PUT',
    path: `${base}/channel-templates/:templateName`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL_OPTIONS,
    body: TemplateBody,
    query: PlatformQuery,
    response: MessagingTemplateSchema,
  }),
  deletePushChannelTemplate: defineRoute({
    name: 'messaging.deletePushChannelTemplate',
    method: 'DELETE',
    path: `${base}/channel-templates/:templateName`,
    auth: 'developer',
    devPermission: DevOperations.CHANNEL_OPTIONS,
    query: PlatformQuery,
    response: TemplatesDeletedSchema,
  }),
  getPushOutbox: defineRoute({
    name: 'messaging.getPushOutbox',
    method: 'GET',
    path: `${base}/push/outbox`,
    auth: 'developer',
    query: Type.Object(
      { ...Paging, status: Type.Optional(Type.String({ maxLength: 32 })) },
      { additionalProperties: true },
    ),
    summary:
      'Basalt addition: push deliveries and their status (deliveries wait here until FCM/APNs credentials are configured)',
    response: Type.Array(PushOutboxEntrySchema),
  }),
  retryPushDelivery: defineRoute({
    name: 'messaging.retryPushDelivery',
    method: 'POST',
    path: `${base}/push/outbox/:deliveryId/retry`,
    auth: 'developer',
    devPermission: DevOperations.SEND_PUSH_BY_TEMPLATE,
    summary: 'Basalt addition: sends a failed or waiting delivery again through its provider',
    response: PushOutboxEntrySchema,
  }),
  getPushOutboxCount: defineRoute({
    name: 'messaging.getPushOutboxCount',
    method: 'GET',
    path: `${base}/push/outbox/count`,
    auth: 'developer',
    query: Type.Object({ status: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true }),
    summary: 'Basalt addition: the count half of getPushOutbox',
    response: Type.Integer(),
  }),
};
