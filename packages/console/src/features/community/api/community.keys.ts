/** Query keys of the developer's community footprint. */
export const communityKeys = {
  all: ['community'] as const,
  profile: () => [...communityKeys.all, 'profile'] as const,
  countries: () => [...communityKeys.all, 'countries'] as const,
  invites: () => [...communityKeys.all, 'invites'] as const,
  inviteCode: () => [...communityKeys.all, 'inviteCode'] as const,
  questions: () => [...communityKeys.all, 'questions'] as const,
  questionnaire: () => [...communityKeys.all, 'questionnaire'] as const,
};
