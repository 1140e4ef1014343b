/** Query keys of the Team area; an app's members and transfers sit under `['team', appId]`. */
export const teamKeys = {
  root: () => ['team'] as const,
  all: (appId: string) => ['team', appId] as const,
  members: (appId: string) => [...teamKeys.all(appId), 'members'] as const,
  sent: (appId: string) => [...teamKeys.all(appId), 'sent-transfer'] as const,
  received: () => ['team', 'received-transfers'] as const,
};
