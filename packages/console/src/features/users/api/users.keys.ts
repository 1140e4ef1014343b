export type OAuthVersion = 1 | 2;

/** Query keys of the Users area; everything of one app sits under `['users-config', appId]`. */
export const usersKeys = {
  all: (appId: string) => ['users-config', appId] as const,
  registration: (appId: string) => [...usersKeys.all(appId), 'registration'] as const,
  login: (appId: string) => [...usersKeys.all(appId), 'login'] as const,
  properties: (appId: string) => [...usersKeys.all(appId), 'properties'] as const,
  newest: (appId: string) => [...usersKeys.all(appId), 'newest'] as const,
  providers: (appId: string, v: OAuthVersion) => [...usersKeys.all(appId), 'providers', v] as const,
  templates: (appId: string, v: OAuthVersion) => [...usersKeys.all(appId), 'templates', v] as const,
  callback: (appId: string, v: OAuthVersion, code: string) => [...usersKeys.all(appId), 'callback', v, code] as const,
};

export const auth0Keys = {
  config: (appId: string) => [...usersKeys.all(appId), 'auth0'] as const,
  bindings: (appId: string) => [...usersKeys.all(appId), 'auth0-bindings'] as const,
};
