import {
  IconBox,
  IconBuildingStore,
  IconChartBar,
  IconCode,
  IconCreditCard,
  IconDatabase,
  IconFolder,
  IconGitMerge,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconPalette,
  IconSettings,
  IconShieldLock,
  IconTrophy,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { Areas } from '@basalt/shared';

/** One icon per area, used in the sidebar, the palette and breadcrumbs (docs/console-screens.md › Look). */
const icons: Record<string, Icon> = {
  overview: IconLayoutDashboard,
  data: IconDatabase,
  users: IconUsers,
  security: IconShieldLock,
  files: IconFolder,
  messaging: IconMessages,
  code: IconCode,
  flows: IconGitMerge,
  ui: IconPalette,
  analytics: IconChartBar,
  audit: IconHistory,
  team: IconUsersGroup,
  settings: IconSettings,
  billing: IconCreditCard,
  marketplace: IconBuildingStore,
  community: IconWorld,
  gamification: IconTrophy,
};

/** The area's icon; a part of an area (SQL service in Data) has its parent's. */
export function areaIcon(areaId: string): Icon {
  const parent = Areas.find((a) => a.id === areaId)?.parent;
  return icons[areaId] ?? (parent ? icons[parent] : undefined) ?? IconBox;
}
