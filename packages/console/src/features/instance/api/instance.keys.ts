/** Query keys of the server instance (licence, cluster, status): shared by every app and developer. */
export const instanceKeys = {
  all: ['instance'] as const,
  license: () => [...instanceKeys.all, 'license'] as const,
  status: () => [...instanceKeys.all, 'status'] as const,
};
