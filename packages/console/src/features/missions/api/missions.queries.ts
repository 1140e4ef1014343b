import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { missionKeys } from './missions.keys';

export const usePacks = () =>
  useQuery({ queryKey: missionKeys.packs(), queryFn: () => getSdk().gamification.loadPacks() });
export const useMapItems = (packId: string | undefined) =>
  useQuery({ queryKey: missionKeys.map(packId), queryFn: () => getSdk().gamification.getMapItems(packId) });
export const useProgress = () =>
  useQuery({ queryKey: missionKeys.progress(), queryFn: () => getSdk().gamification.getProgress() });
export const useBadges = () =>
  useQuery({ queryKey: missionKeys.badges(), queryFn: () => getSdk().gamification.loadBadges() });
export const useTrivia = () =>
  useQuery({ queryKey: missionKeys.trivia(), queryFn: () => getSdk().gamification.loadTrivia() });
export const useAccountTracking = () =>
  useQuery({ queryKey: missionKeys.tracking(), queryFn: () => getSdk().gamification.isAccountAPITrackingEnabled() });

/** Completed tasks and achievements not shown yet (one toast each, then marked played). */
export const useUnnotified = () =>
  useQuery({
    queryKey: missionKeys.unnotified(),
    queryFn: async () => {
      const sdk = getSdk().gamification;
      return [...(await sdk.getUnnotifiedEvents()), ...(await sdk.getUnnotifiedAchievements())];
    },
  });

export function useMarkPlayed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => getSdk().gamification.markEventPlayed(taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.unnotified() }),
  });
}

export function useAnswerTrivia() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (a: { triviaId: string; answerId: string; taskId: string }) =>
      getSdk().gamification.checkTriviaAnswer(a.triviaId, a.answerId, a.taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.all }),
  });
}

export function useSetAccountTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      enabled ? getSdk().gamification.enableAccountAPITracking() : getSdk().gamification.disableAccountAPITracking(),
    onSuccess: (answer) => queryClient.setQueryData(missionKeys.tracking(), answer),
  });
}
