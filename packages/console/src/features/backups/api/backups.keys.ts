/** Query keys of Settings › Backups. */
export const backupsKeys = {
  all: (appId: string) => ['backups', appId] as const,
  list: (appId: string) => ['backups', appId, 'list'] as const,
  policy: (appId: string) => ['backups', appId, 'policy'] as const,
};
