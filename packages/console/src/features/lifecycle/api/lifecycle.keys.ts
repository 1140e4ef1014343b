/** Query keys of the app lifecycle (clone, export, import, reset). */
export const lifecycleKeys = {
  app: (appId: string) => ['lifecycle', appId] as const,
  exports: (appId: string) => ['lifecycle', appId, 'exports'] as const,
  processes: (appId: string) => ['lifecycle', appId, 'processes'] as const,
};
