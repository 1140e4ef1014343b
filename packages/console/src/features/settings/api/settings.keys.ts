/** Query keys of the Settings area. */
export const settingsKeys = {
  app: (appId: string) => ['app-settings', appId] as const,
  mobile: (appId: string) => ['mobile-settings', appId] as const,
  googlePlay: (appId: string) => ['mobile-settings', appId, 'googleplay'] as const,
  smtp: (appId: string) => ['email', appId, 'smtp'] as const,
  emailEvents: (appId: string) => ['email', appId, 'events'] as const,
  emailTemplates: (appId: string) => ['email', appId, 'templates'] as const,
  corsOrigins: (appId: string) => ['app-settings', appId, 'cors'] as const,
  customDomains: (appId: string) => ['app-settings', appId, 'custom-domains'] as const,
  emailOutbox: (appId: string) => ['email', appId, 'outbox'] as const,
  logging: (appId: string) => ['logging-settings', appId] as const,
  landing: (appId: string) => ['landing-page', appId] as const,
  landingTemplates: (appId: string) => ['landing-page', appId, 'templates'] as const,
};
