/** Sections of Settings (docs/console-screens.md › URLs, Settings), in menu order; `built` ones have a screen. */
export const SETTINGS_SECTIONS = [
  { segment: 'general', label: 'General', built: true },
  { segment: 'api-keys', label: 'API keys', built: true },
  { segment: 'domains', label: 'Domains', built: true },
  { segment: 'cors', label: 'CORS', built: true },
  { segment: 'mobile', label: 'Mobile', built: true },
  { segment: 'email', label: 'Email', built: true },
  { segment: 'smtp', label: 'SMTP', built: true },
  { segment: 'logging', label: 'Logging', built: true },
  { segment: 'landing', label: 'Landing page', built: true },
  { segment: 'backups', label: 'Backups', built: true },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The first section with a screen: where `/settings` itself leads. */
export const FIRST_BUILT_SECTION = SETTINGS_SECTIONS.find((s) => s.built)?.segment ?? 'general';
