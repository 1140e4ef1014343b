import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

const AreaStateSchema = Type.Union([Type.Literal('available'), Type.Literal('partial'), Type.Literal('not-available')]);

/** Answer of `GET /console/status`. */
export const StatusInfoSchema = Type.Object({
  ready: Type.Boolean(),
  version: Type.String(),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  /** Whether outgoing mail goes through SMTP or only to the server log. */
  mail: Type.Union([Type.Literal('smtp'), Type.Literal('log')]),
  /** Each product area (an `Areas` id) and whether it is built. */
  areas: Type.Record(Type.String(), AreaStateSchema),
  /**
   * The operator's feature switches (BASALT_FEATURES, decision 0082): an area switched off answers
   * 403 FEATURE_DISABLED and the console hides it.
   */
  features: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});
export type StatusInfo = Static<typeof StatusInfoSchema>;

/** One item of the console's main menu. */
export const MainMenuItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  group: Type.String(),
  available: Type.Boolean(),
});
export type MainMenuItem = Static<typeof MainMenuItemSchema>;

/** Codes of the app warnings the server reports today. */
export const AppWarningCodeSchema = Type.Union([
  /** Panic mode is on: the app API refuses every call. */
  Type.Literal('PANIC_MODE'),
  /** Records are stored while HIPAA compliance is off: data reads are not audit-logged. */
  Type.Literal('HIPAA_OFF_WITH_DATA'),
  /** Registration asks for email confirmation but the server has no SMTP: the mails only reach its log. */
  Type.Literal('EMAIL_CONFIRMATION_WITHOUT_SMTP'),
  /** A custom API key's role was deleted: calls with that key get no client role. */
  Type.Literal('API_KEY_ROLE_MISSING'),
]);
export type AppWarningCode = Static<typeof AppWarningCodeSchema>;

/** One current warning of an app. */
export const AppWarningSchema = Type.Object({
  code: AppWarningCodeSchema,
  /** `error`: the app does not work as usual; `warning`: something to fix; `info`: worth knowing. */
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
  message: Type.String(),
  /** The console area that fixes it (an `Areas` id) and, where there is one, the thing concerned. */
  area: Type.String(),
  target: Type.Optional(Type.String()),
});
export type AppWarning = Static<typeof AppWarningSchema>;

/** Answer of `warning(appId)`: the messages (the reference client's `warnings`) and the details. */
export const AppWarningsSchema = Type.Object({
  warnings: Type.Array(Type.String()),
  details: Type.Array(AppWarningSchema),
});
export type AppWarnings = Static<typeof AppWarningsSchema>;

export const systemRoutes = {
  loadStatus: defineRoute({
    name: 'system.loadStatus',
    method: 'GET',
    path: '/console/status',
    auth: 'public',
    response: StatusInfoSchema,
    summary: 'Server readiness, version and available areas',
  }),
  loadMainMenu: defineRoute({
    name: 'system.loadMainMenu',
    method: 'GET',
    path: '/api/console/main-menu/items',
    auth: 'developer',
    response: Type.Array(MainMenuItemSchema),
  }),
  warning: defineRoute({
    name: 'warning',
    method: 'GET',
    path: '/:appId/console/warning',
    auth: 'developer',
    response: AppWarningsSchema,
    summary: "`{warnings: [message], details: [AppWarning]}`: what currently needs the developer's attention",
  }),
};
