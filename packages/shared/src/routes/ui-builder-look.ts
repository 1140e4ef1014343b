import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';

/**
 * Look and text of UI Builder containers (decision 0086): the app's theme library, container
 * style sheets (CSS or LESS), i18n dictionaries, page settings (viewport, meta tags, head content,
 * external libraries, custom configs, favicon) and PWA settings. Part of the `uiBuilder` group.
 */
const base = '/:appId/console/ui-builder';
const container = `${base}/containers/:containerName`;
const theme = `${base}/library/themes/:themeId`;

/** The theme variables a theme may set: the base style sheet of published pages reads only these. */
export const UI_THEME_VARIABLES = [
  'text',
  'muted',
  'bg',
  'border',
  'primary',
  'radius',
  'font',
  'chart-1',
  'chart-2',
  'chart-3',
  'chart-4',
  'chart-5',
] as const;

/** The most bytes of one style sheet (container style or theme style), as UTF-16 characters. */
export const UI_STYLE_MAX_LENGTH = 256 * 1024;

export const UiThemeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Values of the theme variables (`primary` → `--bsl-primary`). */
  variables: Type.Record(Type.String(), Type.String()),
  /** Published versions so far (0: never published; containers then get the draft). */
  version: Type.Integer(),
  publishedAt: NullableSchema(Type.Number()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type UiTheme = Static<typeof UiThemeSchema>;

const ThemeBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 200 }))),
    /** A style sheet (LESS or CSS) to start with. */
    style: Type.Optional(Type.String({ maxLength: UI_STYLE_MAX_LENGTH })),
  },
  { additionalProperties: true },
);

export const UiStyleSheetSchema = Type.Object({ content: Type.String() });

export const UiStyleSummarySchema = Type.Object({
  name: Type.String(),
  /** `less` (a superset of CSS) or `css` (copied as written). */
  type: Type.Union([Type.Literal('less'), Type.Literal('css')]),
  size: Type.Integer(),
  updated: Type.Number(),
});
export const UiStyleSchema = Type.Composite([UiStyleSummarySchema, Type.Object({ content: Type.String() })]);
export type UiStyle = Static<typeof UiStyleSchema>;

const StyleBody = Type.Object(
  {
    content: Type.String({ maxLength: UI_STYLE_MAX_LENGTH }),
    type: Type.Optional(Type.Union([Type.Literal('less'), Type.Literal('css')])),
  },
  { additionalProperties: true },
);

export const UiViewportSchema = Type.Object({
  width: Type.Optional(Type.String({ maxLength: 20 })),
  initialScale: Type.Optional(Type.Number({ minimum: 0.1, maximum: 10 })),
  minimumScale: Type.Optional(Type.Number({ minimum: 0.1, maximum: 10 })),
  maximumScale: Type.Optional(Type.Number({ minimum: 0.1, maximum: 10 })),
  userScalable: Type.Optional(Type.Boolean()),
});
export type UiViewport = Static<typeof UiViewportSchema>;

export const UiMetaTagSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 64 })),
  property: Type.Optional(Type.String({ maxLength: 64 })),
  content: Type.String({ maxLength: 1000 }),
});
export type UiMetaTag = Static<typeof UiMetaTagSchema>;

export const UiExternalLibrarySchema = Type.Object({
  url: Type.String({ maxLength: 2000 }),
  type: Type.Union([Type.Literal('script'), Type.Literal('style')]),
  integrity: Type.Optional(Type.String({ maxLength: 200 })),
});
export type UiExternalLibrary = Static<typeof UiExternalLibrarySchema>;

export const UiPwaSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  name: Type.String({ maxLength: 100 }),
  shortName: Type.String({ maxLength: 40 }),
  description: Type.String({ maxLength: 500 }),
  themeColor: Type.String({ maxLength: 30 }),
  backgroundColor: Type.String({ maxLength: 30 }),
  display: Type.Union([
    Type.Literal('standalone'),
    Type.Literal('fullscreen'),
    Type.Literal('minimal-ui'),
    Type.Literal('browser'),
  ]),
});
export type UiPwaSettings = Static<typeof UiPwaSettingsSchema>;

const ImageInfoSchema = Type.Object({
  type: Type.String(),
  size: Type.Integer(),
  width: NullableSchema(Type.Integer()),
  height: NullableSchema(Type.Integer()),
});

/** The settings of a container: what its published pages carry in their head and manifest. */
export const UiContainerSettingsSchema = Type.Object({
  theme: NullableSchema(Type.Object({ id: Type.String(), name: Type.String() })),
  viewport: UiViewportSchema,
  metaTags: Type.Array(UiMetaTagSchema),
  /** Sanitised head content (decision 0086: meta, link and JSON-LD only). */
  customHeadContent: Type.String(),
  externalLibraries: Type.Array(UiExternalLibrarySchema),
  customConfigs: Type.Record(Type.String(), Type.Unknown()),
  favicon: NullableSchema(ImageInfoSchema),
  pwa: UiPwaSettingsSchema,
  pwaIcon: NullableSchema(ImageInfoSchema),
});
export type UiContainerSettings = Static<typeof UiContainerSettingsSchema>;

/** The i18n dictionaries of a container: language → key → text. */
export const UiI18nSchema = Type.Object({
  /** The language a visitor gets without `?lang`, and the fallback of a missing text. */
  defaultI18n: Type.String(),
  dictionaries: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
});
export type UiI18n = Static<typeof UiI18nSchema>;

/** Language names of dictionaries: `en`, `pt-BR`, `zh-Hant`. */
export const UI_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

const AnyBody = Type.Unknown({ description: 'checked by the service (shapes of the reference client vary)' });

export const uiLookRoutes = {
  // -- themes (the app's library) --
  searchThemes: defineRoute({
    name: 'uiBuilder.searchThemes',
    method: 'GET',
    path: `${base}/library/remote/themes`,
    auth: 'developer',
    response: Type.Array(Type.Object({}, { additionalProperties: true })),
    summary: 'The remote theme catalogue: empty (this server looks nothing up on the network)',
  }),
  loadThemes: defineRoute({
    name: 'uiBuilder.loadThemes',
    method: 'GET',
    path: `${base}/library/themes`,
    auth: 'developer',
    response: Type.Array(UiThemeSchema),
    summary: "The app's themes, by name",
  }),
  createTheme: defineRoute({
    name: 'uiBuilder.createTheme',
    method: 'POST',
    path: `${base}/library/themes`,
    auth: 'developer',
    body: ThemeBody,
    response: UiThemeSchema,
    summary: 'Creates a theme (name unique in the app; its style sheet is compiled to check it)',
  }),
  updateTheme: defineRoute({
    name: 'uiBuilder.updateTheme',
    method: 'PUT',
    path: theme,
    auth: 'developer',
    body: ThemeBody,
    response: UiThemeSchema,
    summary: "Changes a theme's name, description or variables",
  }),
  deleteTheme: defineRoute({
    name: 'uiBuilder.deleteTheme',
    method: 'DELETE',
    path: theme,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a theme; containers that applied it go back to no theme at their next publish',
  }),
  publishTheme: defineRoute({
    name: 'uiBuilder.publishTheme',
    method: 'POST',
    path: `${theme}/publish`,
    auth: 'developer',
    response: UiThemeSchema,
    summary: "Releases the theme's current variables and style sheet: containers get them at their next publish",
  }),
  loadThemeStyle: defineRoute({
    name: 'uiBuilder.loadThemeStyle',
    method: 'GET',
    path: `${theme}/style`,
    auth: 'developer',
    response: UiStyleSheetSchema,
    summary: "A theme's style sheet (LESS)",
  }),
  updateThemeStyle: defineRoute({
    name: 'uiBuilder.updateThemeStyle',
    method: 'PUT',
    path: `${theme}/style`,
    auth: 'developer',
    body: Type.Object({ content: Type.String({ maxLength: UI_STYLE_MAX_LENGTH }) }, { additionalProperties: true }),
    response: UiStyleSheetSchema,
    summary: "Saves a theme's style sheet after compiling it (400 with line and column on an error)",
  }),
  applyContainerTheme: defineRoute({
    name: 'uiBuilder.applyContainerTheme',
    method: 'POST',
    path: `${container}/apply-theme`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Applies a theme of the library to a container (`{id}`; `{id: null}` removes it)',
  }),
  // -- container styles --
  loadContainerStyles: defineRoute({
    name: 'uiBuilder.loadContainerStyles',
    method: 'GET',
    path: `${container}/styles`,
    auth: 'developer',
    response: Type.Array(UiStyleSummarySchema),
    summary: "A container's style sheets, by name (published in that order, after the theme)",
  }),
  loadContainerStyle: defineRoute({
    name: 'uiBuilder.loadContainerStyle',
    method: 'GET',
    path: `${container}/styles/:name`,
    auth: 'developer',
    response: UiStyleSchema,
    summary: 'One style sheet of a container',
  }),
  updateContainerStyle: defineRoute({
    name: 'uiBuilder.updateContainerStyle',
    method: 'PUT',
    path: `${container}/styles/:name`,
    auth: 'developer',
    body: StyleBody,
    response: UiStyleSchema,
    summary: 'Saves (creates) a style sheet after compiling it: imports refused, errors with line and column',
  }),
  deleteContainerStyle: defineRoute({
    name: 'uiBuilder.deleteContainerStyle',
    method: 'DELETE',
    path: `${container}/styles/:name`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a style sheet of a container',
  }),
  // -- i18n --
  loadContainerI18n: defineRoute({
    name: 'uiBuilder.loadContainerI18n',
    method: 'GET',
    path: `${container}/i18n`,
    auth: 'developer',
    response: UiI18nSchema,
    summary: "A container's dictionaries and default language (Basalt addition)",
  }),
  updateContainerDefaultI18n: defineRoute({
    name: 'uiBuilder.updateContainerDefaultI18n',
    method: 'PUT',
    path: `${container}/i18n`,
    auth: 'developer',
    body: Type.Object({ defaultI18n: Type.String({ maxLength: 20 }) }, { additionalProperties: true }),
    response: UiI18nSchema,
    summary: 'Sets the default language (a language with a dictionary)',
  }),
  saveContainerI18n: defineRoute({
    name: 'uiBuilder.saveContainerI18n',
    method: 'PUT',
    path: `${container}/i18n/dictionary/:dictionaryName`,
    auth: 'developer',
    body: AnyBody,
    response: UiI18nSchema,
    summary: 'Saves the whole dictionary of a language (`{key: text}`), creating it when new',
  }),
  deleteContainerI18n: defineRoute({
    name: 'uiBuilder.deleteContainerI18n',
    method: 'DELETE',
    path: `${container}/i18n/dictionary/:dictionaryName`,
    auth: 'developer',
    response: UiI18nSchema,
    summary: 'Deletes the dictionary of a language (not the default one)',
  }),
  updateContainerI18nKey: defineRoute({
    name: 'uiBuilder.updateContainerI18nKey',
    method: 'PUT',
    path: `${container}/i18n/key/:key`,
    auth: 'developer',
    body: AnyBody,
    response: UiI18nSchema,
    summary: 'Sets the texts of one key per language (`{en: "Hello", fr: "Bonjour"}`; null removes a text)',
  }),
  renameContainerI18nKey: defineRoute({
    name: 'uiBuilder.renameContainerI18nKey',
    method: 'PUT',
    path: `${container}/i18n/key/:oldKeyName/rename`,
    auth: 'developer',
    query: Type.Object({ newKeyName: Type.String({ maxLength: 100 }) }),
    response: UiI18nSchema,
    summary: "Renames a key in every dictionary and in the container's pages and layouts that use it",
  }),
  deleteContainerI18nKeys: defineRoute({
    name: 'uiBuilder.deleteContainerI18nKeys',
    method: 'DELETE',
    path: `${container}/i18n/key`,
    auth: 'developer',
    body: AnyBody,
    response: UiI18nSchema,
    summary: 'Deletes keys from every dictionary (body: the keys); 409 naming the pages that still use one',
  }),
  // -- settings and PWA --
  loadContainerSettings: defineRoute({
    name: 'uiBuilder.loadContainerSettings',
    method: 'GET',
    path: `${container}/settings`,
    auth: 'developer',
    response: UiContainerSettingsSchema,
    summary:
      "A container's settings: theme, viewport, meta tags, head content, libraries, configs, icons, PWA (Basalt addition)",
  }),
  updateContainerSettings: defineRoute({
    name: 'uiBuilder.updateContainerSettings',
    method: 'PUT',
    path: `${container}/settings`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Changes any of viewport, metaTags, customHeadContent, externalLibraries, customConfigs, pwa at once',
  }),
  updateContainerCustomConfigs: defineRoute({
    name: 'uiBuilder.updateContainerCustomConfigs',
    method: 'PUT',
    path: `${container}/custom-configs`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Custom configs: a JSON object (≤ 16 KB) the published page reads as basaltPage.configs',
  }),
  updateContainerViewport: defineRoute({
    name: 'uiBuilder.updateContainerViewport',
    method: 'PUT',
    path: `${container}/viewport`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'The viewport meta tag: width, initialScale, minimumScale, maximumScale, userScalable',
  }),
  updateContainerMetaTags: defineRoute({
    name: 'uiBuilder.updateContainerMetaTags',
    method: 'PUT',
    path: `${container}/meta-tags`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Meta tags `[{name | property, content}]` (no http-equiv)',
  }),
  updateContainerCustomHeadContent: defineRoute({
    name: 'uiBuilder.updateContainerCustomHeadContent',
    method: 'PUT',
    path: `${container}/custom-head-content`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Head content `{data}`: meta, link (https, safe rels) and JSON-LD only; anything else is a 400 naming it',
  }),
  updateContainerExternalLibraries: defineRoute({
    name: 'uiBuilder.updateContainerExternalLibraries',
    method: 'PUT',
    path: `${container}/external-libraries`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'Scripts and style sheets by https URL `[{url, type, integrity?}]`, each listed in the CSP',
  }),
  uploadContainerFavicon: defineRoute({
    name: 'uiBuilder.uploadContainerFavicon',
    method: 'PUT',
    path: `${container}/favicon`,
    auth: 'developer',
    // multipart `favicon`: read by the handler.
    response: UiContainerSettingsSchema,
    summary: 'multipart `favicon`: an ICO, PNG, GIF, JPEG or WebP image of at most 64 KB',
  }),
  removeContainerFavicon: defineRoute({
    name: 'uiBuilder.removeContainerFavicon',
    method: 'DELETE',
    path: `${container}/favicon`,
    auth: 'developer',
    response: UiContainerSettingsSchema,
    summary: "Removes a container's favicon",
  }),
  updateContainerPWASettings: defineRoute({
    name: 'uiBuilder.updateContainerPWASettings',
    method: 'PUT',
    path: `${container}/pwa/settings`,
    auth: 'developer',
    body: AnyBody,
    response: UiContainerSettingsSchema,
    summary: 'PWA settings: with `enabled`, publish writes a manifest and a service worker',
  }),
  updateContainerPWAIcon: defineRoute({
    name: 'uiBuilder.updateContainerPWAIcon',
    method: 'PUT',
    path: `${container}/pwa/icon`,
    auth: 'developer',
    // multipart `file`: read by the handler.
    response: UiContainerSettingsSchema,
    summary: 'multipart `file`: a square PNG of 144 to 1024 pixels, at most 256 KB',
  }),
} as const;
