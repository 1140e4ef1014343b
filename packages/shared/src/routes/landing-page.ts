import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema } from '../schemas.js';

const Text = (max: number) => Type.String({ maxLength: max });

/**
 * What a landing page says and looks like; the template decides the layout. Links and images are
 * http(s) URLs or paths relative to the page (`landing/hero/photo.png`, what uploads answer).
 */
export const LandingPageContentSchema = Type.Object({
  template: Type.String({ minLength: 1, maxLength: 50 }),
  title: Text(200),
  subtitle: Text(500),
  body: Text(5_000),
  buttonText: Text(100),
  buttonUrl: Text(2_000),
  logo: Text(2_000),
  image: Text(2_000),
  /** `#rrggbb` */
  primaryColor: Type.String({ maxLength: 7 }),
  backgroundColor: Type.String({ maxLength: 7 }),
});
export type LandingPageContent = Static<typeof LandingPageContentSchema>;

/** `getLandingPageData`: the saved content (a template's defaults before any save) and the last publish. */
export const LandingPageSchema = Type.Object({
  content: LandingPageContentSchema,
  updated: NullableSchema(Type.Number()),
  published: NullableSchema(Type.Number()),
  /** Where publishing writes the page in the app's files (served by the app's web files route). */
  path: Type.String(),
});
export type LandingPage = Static<typeof LandingPageSchema>;

export const LandingTemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  defaults: LandingPageContentSchema,
});
export type LandingTemplate = Static<typeof LandingTemplateSchema>;

/** Save and publish take the content; fields left out keep their saved values. */
const ContentBody = Type.Partial(LandingPageContentSchema, { additionalProperties: true });
export type LandingPageInput = Static<typeof ContentBody>;

const app = '/:appId/console/landing-page';
const perm = DevOperations.FILES_UPLOAD;

/** The landing page rows of the reference's `settings` group. */
export const landingPageRoutes = {
  getLandingPageData: defineRoute({
    name: 'settings.getLandingPageData',
    method: 'GET',
    path: app,
    auth: 'developer',
    response: LandingPageSchema,
  }),
  getLandingPageTemplates: defineRoute({
    name: 'settings.getLandingPageTemplates',
    method: 'GET',
    path: `${app}/templates`,
    auth: 'developer',
    response: Type.Array(LandingTemplateSchema),
  }),
  saveLandingPageData: defineRoute({
    name: 'settings.saveLandingPageData',
    method: 'PUT',
    path: app,
    auth: 'developer',
    devPermission: perm,
    body: ContentBody,
    response: LandingPageSchema,
    summary: 'Saves the content (a draft: the published page changes on publish)',
  }),
  publishLandingPageData: defineRoute({
    name: 'settings.publishLandingPageData',
    method: 'POST',
    path: `${app}/publish`,
    auth: 'developer',
    devPermission: perm,
    body: ContentBody,
    response: LandingPageSchema,
    summary: "Saves the content and writes the page to the app's files at `web/index.html`",
  }),
  uploadLandingPageFile: defineRoute({
    name: 'settings.uploadLandingPageFile',
    method: 'POST',
    path: `${app}/file`,
    auth: 'developer',
    devPermission: perm,
    query: Type.Object({
      section: Type.String({ minLength: 1, maxLength: 50 }),
      name: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: Type.Object({
      /** The file's path in the app's files. */
      path: Type.String(),
      /** The same, relative to the published page: what `logo` or `image` takes. */
      url: Type.String(),
    }),
    summary: 'multipart: an image for the page, stored at `web/landing/{section}/{name}`',
  }),
};
