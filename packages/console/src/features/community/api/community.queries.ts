import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeveloperProfileInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { communityKeys } from './community.keys';

export const useMyProfile = () =>
  useQuery({ queryKey: communityKeys.profile(), queryFn: () => getSdk().developerProfile.getMyProfile() });
export const useCountries = () =>
  useQuery({
    queryKey: communityKeys.countries(),
    queryFn: () => getSdk().developerProfile.getCountries(),
    staleTime: Infinity,
  });
export const useInvites = () =>
  useQuery({ queryKey: communityKeys.invites(), queryFn: () => getSdk().referrals.loadInvites() });
export const useInviteCode = () =>
  useQuery({ queryKey: communityKeys.inviteCode(), queryFn: () => getSdk().referrals.loadInviteCode() });
export const useQuestions = () =>
  useQuery({ queryKey: communityKeys.questions(), queryFn: () => getSdk().initialQuestionnaire.loadQuestions() });
export const useQuestionnaireStatus = () =>
  useQuery({ queryKey: communityKeys.questionnaire(), queryFn: () => getSdk().initialQuestionnaire.loadStatus() });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: DeveloperProfileInput) => getSdk().developerProfile.createProfile(input),
    onSuccess: (profile) => queryClient.setQueryData(communityKeys.profile(), profile),
  });
}

export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (email: string) => getSdk().referrals.sendInvite({ email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.invites() }),
  });
}

export function useSendAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (answers: Record<string, string | string[]>) => getSdk().initialQuestionnaire.sendAnswers(answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.questionnaire() }),
  });
}

export async function checkUserName(userName: string) {
  return getSdk().developerProfile.checkUsernameAvailable(userName);
}
