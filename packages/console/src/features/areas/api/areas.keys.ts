/** Query key of the server status (which areas are built). */
export const statusKeys = {
  status: ['system', 'status'] as const,
};
