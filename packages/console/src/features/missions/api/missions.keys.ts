/** Query keys of Missions (the developer's own, shared by every app). */
export const missionKeys = {
  all: ['gamification'] as const,
  packs: () => [...missionKeys.all, 'packs'] as const,
  map: (packId: string | undefined) => [...missionKeys.all, 'map', packId ?? ''] as const,
  progress: () => [...missionKeys.all, 'progress'] as const,
  levels: () => [...missionKeys.all, 'levels'] as const,
  badges: () => [...missionKeys.all, 'badges'] as const,
  trivia: () => [...missionKeys.all, 'trivia'] as const,
  tracking: () => [...missionKeys.all, 'tracking'] as const,
  unnotified: () => [...missionKeys.all, 'unnotified'] as const,
};
