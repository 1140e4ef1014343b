import type { AreaAvailability } from '../areas.js';
import { defineRoute } from '../route.js';

export const systemRoutes = {
  loadStatus: defineRoute({ name: 'system.loadStatus', method: 'GET', path: '/console/status', auth: 'public', summary: 'Server readiness, version and available areas' }),
  loadMainMenu: defineRoute({ name: 'system.loadMainMenu', method: 'GET', path: '/api/console/main-menu/items', auth: 'developer' }),
  warning: defineRoute({
    name: 'warning', method: 'GET', path: '/:appId/console/warning', auth: 'developer',
    summary: '`{warnings: [message], details: [AppWarning]}`: what currently needs the developer\'s attention',
  }),
};

/** Answer of `GET /console/status`. */
export interface StatusInfo {
  ready: boolean;
  version: string;
  database: 'sqlite' | 'postgres';
  /** Whether outgoing mail goes through SMTP or only to the server log. */
  mail: 'smtp' | 'log';
  areas: AreaAvailability;
}

/** Codes of the app warnings the server reports today. */
export type AppWarningCode =
  /** Panic mode is on: the app API refuses every call. */
  | 'PANIC_MODE'
  /** Records are stored while HIPAA compliance is off: data reads are not audit-logged. */
  | 'HIPAA_OFF_WITH_DATA'
  /** Registration asks for email confirmation but the server has no SMTP: the mails only reach its log. */
  | 'EMAIL_CONFIRMATION_WITHOUT_SMTP'
  /** A custom API key's role was deleted: calls with that key get no client role. */
  | 'API_KEY_ROLE_MISSING';

/** One current warning of an app. */
export interface AppWarning {
  code: AppWarningCode;
  /** `error`: the app does not work as usual; `warning`: something to fix; `info`: worth knowing. */
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The console area that fixes it (an `Areas` id) and, where there is one, the thing concerned. */
  area: string;
  target?: string;
}

/** Answer of `warning(appId)`: the messages (the reference client's `warnings`) and the details. */
export interface AppWarnings {
  warnings: string[];
  details: AppWarning[];
}
