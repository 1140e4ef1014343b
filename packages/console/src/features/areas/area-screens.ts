import type { ComponentType } from 'react';

/**
 * Areas whose console screens exist, by area id. An area lands here when its feature folder
 * provides a page; until then the area page explains its state. Loaders keep each area in its
 * own chunk.
 */
export const areaScreens: Record<string, () => Promise<{ default: ComponentType }>> = {
  // Missions and Community are the developer's own, not the app's: the same pages as at /missions and /community.
  gamification: () => import('../missions/pages/MissionsPage'),
  community: () => import('../community/pages/CommunityPage'),
  // Data › Dashboards (decision 0093).
  dashboards: () => import('../dashboards/pages/DashboardsPage'),
};
