/** Query keys of the Messaging area; everything of one app sits under `['messaging', appId]`. */
export const messagingKeys = {
  app: (appId: string) => ['messaging', appId] as const,
  channels: (appId: string) => [...messagingKeys.app(appId), 'channels'] as const,
  allMessages: (appId: string) => [...messagingKeys.app(appId), 'messages'] as const,
  allDevices: (appId: string) => [...messagingKeys.app(appId), 'devices'] as const,
  allOutbox: (appId: string) => [...messagingKeys.app(appId), 'outbox'] as const,
  messages: (appId: string, channelId: string, page: number) =>
    [...messagingKeys.app(appId), 'messages', channelId, page] as const,
  devices: (appId: string, channelId: string, where: string, page: number) =>
    [...messagingKeys.app(appId), 'devices', channelId, where, page] as const,
  templates: (appId: string) => [...messagingKeys.app(appId), 'templates'] as const,
  recipients: (appId: string, where: string) => [...messagingKeys.app(appId), 'recipients', where] as const,
  outbox: (appId: string, status: string, page: number) =>
    [...messagingKeys.app(appId), 'outbox', status, page] as const,
  buttons: (appId: string, platform: string) => [...messagingKeys.app(appId), 'buttons', platform] as const,
};
