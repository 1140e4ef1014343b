import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

const base = '/:appId/console/messaging';

/**
 * A channel name: it travels raw in app API paths (`/messaging/{channel}`), so only characters that
 * need no encoding are allowed. Names that collide with app API literals are refused by the server.
 */
export const ChannelNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' });

/** The fixed settings the reference client sends with every channel create and rename. */
const ChannelSettings = Type.Object(
  { polling: Type.Optional(Type.Boolean()), rtmp: Type.Optional(Type.Number()), websocket: Type.Optional(Type.Number()) },
  { additionalProperties: true },
);

/** Paging keys of the list routes (both spellings the clients use). */
const Paging = {
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
const DeviceQuery = Type.Object({ ...Paging, where: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true });
const MessageQuery = Type.Object({ ...Paging }, { additionalProperties: true });
const PlatformQuery = Type.Object({ platform: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true });

/** Body of a publish (console and app API): the message and its publish/delivery options. */
export const PublishBody = Type.Object(
  {
    message: Type.Optional(Type.Unknown()),
    publisherId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    headers: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    subtopic: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    pushBroadcast: Type.Optional(Type.Unknown()),
    pushSinglecast: Type.Optional(Type.Unknown()),
    publishPolicy: Type.Optional(Type.Union([Type.Literal('PUSH'), Type.Literal('PUBSUB'), Type.Literal('BOTH'), Type.Null()])),
    publishAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    repeatEvery: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    repeatExpiresAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: true },
);

/** A template (push, button or channel template): free-form, named. */
const TemplateBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: true });

/** Console messaging routes (`messaging` group of the reference client), plus Basalt's push outbox. */
export const messagingRoutes = {
  loadChannels: defineRoute({ name: 'messaging.loadChannels', method: 'GET', path: `${base}/channels`, auth: 'developer' }),
  createChannel: defineRoute({
    name: 'messaging.createChannel', method: 'POST', path: `${base}/channels`, auth: 'developer', devPermission: DevOperations.CHANNEL,
    body: Type.Object({ name: ChannelNameSchema, settings: Type.Optional(ChannelSettings) }, { additionalProperties: true }),
  }),
  renameChannel: defineRoute({
    name: 'messaging.renameChannel', method: 'PUT', path: `${base}/channels/:channelid`, auth: 'developer', devPermission: DevOperations.CHANNEL,
    body: Type.Object({ name: ChannelNameSchema, settings: Type.Optional(ChannelSettings) }, { additionalProperties: true }),
  }),
  deleteChannel: defineRoute({ name: 'messaging.deleteChannel', method: 'DELETE', path: `${base}/channels/:channelId`, auth: 'developer', devPermission: DevOperations.CHANNEL }),
  loadDevices: defineRoute({ name: 'messaging.loadDevices', method: 'GET', path: `${base}/channels/:channelId/devices`, auth: 'developer', query: DeviceQuery }),
  loadDevicesCount: defineRoute({
    name: 'messaging.loadDevicesCount', method: 'GET', path: `${base}/channels/:channelId/devices/count`, auth: 'developer', query: DeviceQuery,
    summary: 'The count half of loadDevices',
  }),
  deleteDevices: defineRoute({
    name: 'messaging.deleteDevices', method: 'DELETE', path: `${base}/channels/:channelId/devices`, auth: 'developer', devPermission: DevOperations.CHANNEL,
    body: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 1000 }),
  }),
  loadMessages: defineRoute({ name: 'messaging.loadMessages', method: 'GET', path: `${base}/channels/:channelId/messages`, auth: 'developer', query: MessageQuery }),
  loadMessagesCount: defineRoute({
    name: 'messaging.loadMessagesCount', method: 'GET', path: `${base}/channels/:channelId/messages/count`, auth: 'developer', query: MessageQuery,
    summary: 'The count half of loadMessages',
  }),
  publishMessage: defineRoute({
    name: 'messaging.publishMessage', method: 'POST', path: `${base}/:channelName`, auth: 'developer', devPermission: DevOperations.SEND_TO_CHANNEL,
    body: PublishBody,
  }),
  getMessagingChannels: defineRoute({
    name: 'messaging.getMessagingChannels', method: 'GET', path: `${base}/channels`, auth: 'developer',
    summary: 'Same route as loadChannels',
  }),
  getPushTemplates: defineRoute({ name: 'messaging.getPushTemplates', method: 'GET', path: `${base}/push/templates`, auth: 'developer' }),
  createPushTemplate: defineRoute({
    name: 'messaging.createPushTemplate', method: 'POST', path: `${base}/push/templates`, auth: 'developer', devPermission: DevOperations.PUSH_TEMPLATES,
    body: TemplateBody,
  }),
  updatePushTemplate: defineRoute({
    name: 'messaging.updatePushTemplate', method: 'PUT', path: `${base}/push/templates/:pushTemplateName`, auth: 'developer', devPermission: DevOperations.PUSH_TEMPLATES,
    body: TemplateBody,
  }),
  getPushTemplate: defineRoute({ name: 'messaging.getPushTemplate', method: 'GET', path: `${base}/push/templates/:pushTemplateName`, auth: 'developer' }),
  deletePushTemplates: defineRoute({
    name: 'messaging.deletePushTemplates', method: 'DELETE', path: `${base}/push/templates`, auth: 'developer', devPermission: DevOperations.PUSH_TEMPLATES,
    query: Type.Object({ names: Type.String({ minLength: 1, maxLength: 10000 }) }),
  }),
  getPushRecipientsCount: defineRoute({
    name: 'messaging.getPushRecipientsCount', method: 'GET', path: `${base}/pushsize`, auth: 'developer',
    query: Type.Object({ where: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
  }),
  sendPush: defineRoute({
    name: 'messaging.sendPush', method: 'POST', path: `${base}/push`, auth: 'developer', devPermission: DevOperations.SEND_PUSH_BY_TEMPLATE,
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
  }),
  getPushButtonTemplates: defineRoute({ name: 'messaging.getPushButtonTemplates', method: 'GET', path: `${base}/button-templates`, auth: 'developer', query: PlatformQuery }),
  createPushButtonTemplate: defineRoute({
    name: 'messaging.createPushButtonTemplate', method: 'POST', path: `${base}/button-templates`, auth: 'developer', devPermission: DevOperations.BUTTONS,
    body: TemplateBody, query: PlatformQuery,
  }),
  updatePushButtonTemplate: defineRoute({
    name: 'messaging.updatePushButtonTemplate', method: 'PUT', path: `${base}/button-templates/:templateName`, auth: 'developer', devPermission: DevOperations.BUTTONS,
    body: TemplateBody, query: PlatformQuery,
  }),
  deletePushButtonTemplate: defineRoute({
    name: 'messaging.deletePushButtonTemplate', method: 'DELETE', path: `${base}/button-templates/:templateName`, auth: 'developer', devPermission: DevOperations.BUTTONS,
    query: PlatformQuery,
  }),
  getPushChannelTemplates: defineRoute({ name: 'messaging.getPushChannelTemplates', method: 'GET', path: `${base}/channel-templates`, auth: 'developer', query: PlatformQuery }),
  createPushChannelTemplate: defineRoute({
    name: 'messaging.createPushChannelTemplate', method: 'POST', path: `${base}/channel-templates`, auth: 'developer', devPermission: DevOperations.CHANNEL_OPTIONS,
    body: TemplateBody, query: PlatformQuery,
  }),
  updatePushChannelTemplate: defineRoute({
    name: 'messaging.updatePushChannelTemplate', method: 'PUT', path: `${base}/channel-templates/:templateName`, auth: 'developer', devPermission: DevOperations.CHANNEL_OPTIONS,
    body: TemplateBody, query: PlatformQuery,
  }),
  deletePushChannelTemplate: defineRoute({
    name: 'messaging.deletePushChannelTemplate', method: 'DELETE', path: `${base}/channel-templates/:templateName`, auth: 'developer', devPermission: DevOperations.CHANNEL_OPTIONS,
    query: PlatformQuery,
  }),
  getPushOutbox: defineRoute({
    name: 'messaging.getPushOutbox', method: 'GET', path: `${base}/push/outbox`, auth: 'developer',
    query: Type.Object({ ...Paging, status: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true }),
    summary: 'Basalt addition: push deliveries and their status (deliveries wait here until FCM/APNs credentials are configured)',
  }),
  retryPushDelivery: defineRoute({
    name: 'messaging.retryPushDelivery', method: 'POST', path: `${base}/push/outbox/:deliveryId/retry`, auth: 'developer', devPermission: DevOperations.SEND_PUSH_BY_TEMPLATE,
    summary: 'Basalt addition: sends a failed or waiting delivery again through its provider',
  }),
  getPushOutboxCount: defineRoute({
    name: 'messaging.getPushOutboxCount', method: 'GET', path: `${base}/push/outbox/count`, auth: 'developer',
    query: Type.Object({ status: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: true }),
    summary: 'Basalt addition: the count half of getPushOutbox',
  }),
};

/** A channel as the console routes answer it. */
export interface MessagingChannel {
  /** The channel's id (the reference client reads it lower-case). */
  channelid: string;
  name: string;
  settings: { polling: boolean; rtmp: number; websocket: number };
  created: number;
  updated: number | null;
}

/** A published message, as listed by the console and delivered to real-time subscribers. */
export interface PublishedMessage {
  messageId: string;
  timestamp: number;
  message: unknown;
  headers: Record<string, unknown>;
  publisherId: string | null;
  subtopic: string | null;
  pushSinglecast: unknown;
  pushBroadcast: unknown;
  publishPolicy: string;
  templateValues: unknown;
  query: null;
  publishAt: number;
  repeatEvery: number;
  repeatExpiresAt: number;
}

/** A device registration (app API `registerDevice`), as the console lists it. */
export interface DeviceRegistration {
  objectId: string;
  deviceId: string;
  deviceToken: string;
  os: string;
  osVersion: string | null;
  channels: string[];
  expiration: number | null;
  created: number;
  updated: number | null;
}

/** One push delivery to one device; `status` says where it stands (never silently dropped). */
export interface PushOutboxEntry {
  objectId: string;
  messageId: string;
  deviceId: string;
  os: string;
  provider: string;
  status: 'pending' | 'no-credentials' | 'sent' | 'failed';
  error: string | null;
  payload: unknown;
  created: number;
  updated: number | null;
}
