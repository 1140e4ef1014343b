import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, plannedRoutes } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';
import { InstallProductBody, MarketplaceInstallSchema } from './marketplace.js';
import { uiLookRoutes } from './ui-builder-look.js';

const base = '/:appId/console/ui-builder';
const container = `${base}/containers/:containerName`;
const page = `${container}/pages/:pageName`;
const layout = `${container}/layouts/:layoutId`;
const reusable = `${container}/components/reusable/:id`;
const custom = `${container}/components/custom/:id`;

/** One publication of a container: an immutable snapshot of its pages and layouts (decision 0080). */
export const UiPublicationSchema = Type.Object({
  id: Type.String(),
  /** 1, 2, 3 … per container. */
  number: Type.Integer(),
  /** The public base URL of the container (on the UI origin). */
  url: Type.String(),
  /** Whether the container serves this publication now. */
  current: Type.Boolean(),
  /** The developer who published it (email), null when unknown. */
  author: NullableSchema(Type.String()),
  description: Type.String(),
  /** Bytes of the snapshot. */
  size: Type.Integer(),
  created: Type.Number(),
});
export type UiPublication = Static<typeof UiPublicationSchema>;

/** A container as lists show it. */
export const UiContainerSummarySchema = Type.Object({
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** The page `url` itself serves. */
  mainPage: Type.String(),
  /** The container it was forked from, when it was. */
  forkedFrom: NullableSchema(Type.String()),
  /** The number of the publication served now, null before the first publish. */
  publicationNumber: NullableSchema(Type.Integer()),
  /** The public base URL once published, else null. */
  publishedUrl: NullableSchema(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type UiContainerSummary = Static<typeof UiContainerSummarySchema>;

export const UiPageSummarySchema = Type.Object({
  name: Type.String(),
  title: Type.String(),
  /** The layout the page sits in, null for none. */
  layoutId: NullableSchema(Type.String()),
  /** Whether it is the container's main page. */
  isMain: Type.Boolean(),
  /** Saves of its UI document so far. */
  revision: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type UiPageSummary = Static<typeof UiPageSummarySchema>;

export const UiLayoutSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  revision: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type UiLayoutSummary = Static<typeof UiLayoutSummarySchema>;

/** `loadContainer`: the container with its pages, layouts and current publication. */
export const UiContainerSchema = Type.Composite([
  UiContainerSummarySchema,
  Type.Object({
    pages: Type.Array(UiPageSummarySchema),
    layouts: Type.Array(UiLayoutSummarySchema),
    publication: NullableSchema(UiPublicationSchema),
  }),
]);
export type UiContainer = Static<typeof UiContainerSchema>;

export const UiRemovedContainerSchema = Type.Object({
  name: Type.String(),
  title: Type.String(),
  removedAt: Type.Number(),
});
export type UiRemovedContainer = Static<typeof UiRemovedContainerSchema>;

/** `init`: the app's containers (a new app gets `default` and `system`). */
export const UiInitSchema = Type.Object({ containers: Type.Array(UiContainerSummarySchema) });

/** A page or layout document: validated by `validatePageDocument` (ui-builder/validate.ts), not here. */
export const UiDocumentBody = Type.Object({}, { additionalProperties: true });

/** The logic of one event handler (or property logic) of one component: stored, never run by the server. */
export const UiLogicSchema = Type.Object({
  componentUid: Type.String(),
  handlerName: Type.String(),
  /** `codeless` (blocks) or `js`. */
  kind: Type.Union([Type.Literal('codeless'), Type.Literal('js')]),
  /** The editor's source as sent (blocks JSON or XML); null for a new handler. */
  source: Type.Unknown(),
  /** JavaScript text (for `js`, or the generated code of `codeless`), null when none. */
  code: NullableSchema(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type UiLogic = Static<typeof UiLogicSchema>;

/**
 * `updatePageLogic` body: the reference client sends no handler name in the path, so it travels
 * in the body (`handlerName`, or `name` / `handlerId`).
 */
export const UiLogicBody = Type.Object(
  {
    handlerName: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    handlerId: Type.Optional(Type.String({ maxLength: 64 })),
    kind: Type.Optional(Type.Union([Type.Literal('codeless'), Type.Literal('js')])),
    source: Type.Optional(Type.Unknown()),
    code: Type.Optional(NullableSchema(Type.String())),
  },
  { additionalProperties: true },
);

const ContainerBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    /** Copy the pages, layouts and logic of this container. */
    forkFrom: Type.Optional(Type.String({ maxLength: 200 })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);
const ContainerUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    mainPage: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true },
);
const PageBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    layoutId: Type.Optional(NullableSchema(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: true },
);
const PageUpdateBody = Type.Object(
  {
    /** A new name renames the page (its logic goes with it). */
    name: Type.Optional(Type.String({ maxLength: 200 })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    layoutId: Type.Optional(NullableSchema(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: true },
);
const LayoutBody = Type.Object(
  {
    /** The layout's id (a name in the safe charset); `name` is taken when it is left out. */
    id: Type.Optional(Type.String({ maxLength: 200 })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    title: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true },
);
const UnusedLogicBody = Type.Object({ componentUids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 5000 }) });
export const UiDeletedCountSchema = Type.Object({ deleted: Type.Integer() });
/** `publishContainer` options (optional): `{description?}`. */
export const UiPublishOptionsSchema = Type.Object(
  { description: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: true },
);
export const UiPublishAnswerSchema = Type.Object({ url: Type.String(), publication: UiPublicationSchema });
export type UiPublishAnswer = Static<typeof UiPublishAnswerSchema>;

/** The logic routes of one owner kind (pages, layouts), named as the reference client names them. */
function logicRoutes<const P extends string>(owner: string, kind: string, path: P) {
  return {
    get: defineRoute({
      name: `uiBuilder.get${kind}Logic`,
      method: 'GET',
      path: `${path}/logic/:componentUid/:handlerName`,
      auth: 'developer',
      response: UiLogicSchema,
      summary: `One handler's logic of a component of a ${owner}`,
    }),
    create: defineRoute({
      name: `uiBuilder.create${kind}Logic`,
      method: 'POST',
      path: `${path}/logic/:componentUid/:handlerName`,
      auth: 'developer',
      response: UiLogicSchema,
      summary: `Creates an empty handler for a component of a ${owner} (answers the existing one when it is there)`,
    }),
    update: defineRoute({
      name: `uiBuilder.update${kind}Logic`,
      method: 'PUT',
      path: `${path}/logic/:componentUid`,
      auth: 'developer',
      body: UiLogicBody,
      response: UiLogicSchema,
      summary: `Saves one handler's logic (the handler named in the body); the URL ends in a slash`,
    }),
    delete: defineRoute({
      name: `uiBuilder.delete${kind}Logic`,
      method: 'DELETE',
      path: `${path}/logic/:componentUid/:handlerName`,
      auth: 'developer',
      response: SuccessSchema,
      summary: `Deletes one handler's logic`,
    }),
    deleteUnused: defineRoute({
      name: `uiBuilder.delete${kind}UnusedLogic`,
      method: 'DELETE',
      path: `${path}/unused-logic`,
      auth: 'developer',
      body: UnusedLogicBody,
      response: UiDeletedCountSchema,
      summary: `Deletes the logic of the named components that the ${owner}'s document no longer holds`,
    }),
  };
}

const pageLogic = logicRoutes('page', 'Page', page);
const layoutLogic = logicRoutes('layout', 'Layout', layout);

/** The built part of the UI Builder (decision 0080). */
const builtRoutes = {
  init: defineRoute({
    name: 'uiBuilder.init',
    method: 'POST',
    path: `${base}/init`,
    auth: 'developer',
    response: UiInitSchema,
    summary: "Makes the app's default containers when missing (idempotent) and lists its containers",
  }),
  loadSDKComponents: defineRoute({
    name: 'uiBuilder.loadSDKComponents',
    method: 'GET',
    path: `${base}/library/sdk/components`,
    auth: 'developer',
    response: Type.Array(Type.Object({}, { additionalProperties: true })),
    summary: 'The built-in components with their properties, events and actions',
  }),
  createContainer: defineRoute({
    name: 'uiBuilder.createContainer',
    method: 'POST',
    path: `${base}/containers`,
    auth: 'developer',
    body: ContainerBody,
    response: UiContainerSchema,
    summary: 'Creates a container, blank (pages landing and 404) or as a fork of another',
  }),
  loadContainer: defineRoute({
    name: 'uiBuilder.loadContainer',
    method: 'GET',
    path: container,
    auth: 'developer',
    response: UiContainerSchema,
    summary: 'A container with its pages, layouts and current publication',
  }),
  updateContainer: defineRoute({
    name: 'uiBuilder.updateContainer',
    method: 'PUT',
    path: container,
    auth: 'developer',
    body: ContainerUpdateBody,
    response: UiContainerSchema,
    summary: "Changes a container's title, description or main page",
  }),
  deleteContainer: defineRoute({
    name: 'uiBuilder.deleteContainer',
    method: 'DELETE',
    path: container,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Moves a container to the trash (its public pages stop answering at once)',
  }),
  publishContainer: defineRoute({
    name: 'uiBuilder.publishContainer',
    method: 'POST',
    path: `${container}/publish`,
    auth: 'developer',
    devPermission: DevOperations.PUBLISH_UI,
    // No body schema: the reference client may send none (options are optional); read by the handler.
    response: UiPublishAnswerSchema,
    summary: 'Publishes a snapshot of the container; its url serves the main page, {url}/{page} the others',
  }),
  loadContainerPublications: defineRoute({
    name: 'uiBuilder.loadContainerPublications',
    method: 'GET',
    path: `${container}/publications`,
    auth: 'developer',
    response: Type.Array(UiPublicationSchema),
    summary: 'Publication history of a container, newest first (Basalt addition)',
  }),
  rollbackContainerPublication: defineRoute({
    name: 'uiBuilder.rollbackContainerPublication',
    method: 'POST',
    path: `${container}/publications/:number/rollback`,
    auth: 'developer',
    devPermission: DevOperations.PUBLISH_UI,
    response: UiPublishAnswerSchema,
    summary: 'Serves an earlier publication again (Basalt addition)',
  }),
  loadRemovedContainers: defineRoute({
    name: 'uiBuilder.loadRemovedContainers',
    method: 'GET',
    path: `${base}/removed-containers`,
    auth: 'developer',
    response: Type.Array(UiRemovedContainerSchema),
    summary: 'Containers in the trash',
  }),
  deleteRemovedContainer: defineRoute({
    name: 'uiBuilder.deleteRemovedContainer',
    method: 'DELETE',
    path: `${base}/removed-containers/:containerName`,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Purges a container from the trash, with its pages, logic and publications',
  }),
  restoreRemovedContainer: defineRoute({
    name: 'uiBuilder.restoreRemovedContainer',
    method: 'POST',
    path: `${base}/removed-containers/:containerName/restore`,
    auth: 'developer',
    response: UiContainerSchema,
    summary: 'Takes a container out of the trash (Basalt addition); it serves its publication again',
  }),
  createPage: defineRoute({
    name: 'uiBuilder.createPage',
    method: 'POST',
    path: `${container}/pages`,
    auth: 'developer',
    body: PageBody,
    response: UiPageSummarySchema,
    summary: 'Creates a page with an empty document',
  }),
  updatePage: defineRoute({
    name: 'uiBuilder.updatePage',
    method: 'PUT',
    path: page,
    auth: 'developer',
    body: PageUpdateBody,
    response: UiPageSummarySchema,
    summary: "Changes a page's title or layout, or renames it",
  }),
  deletePage: defineRoute({
    name: 'uiBuilder.deletePage',
    method: 'DELETE',
    path: page,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a page and its logic (not the main page)',
  }),
  getPageUI: defineRoute({
    name: 'uiBuilder.getPageUI',
    method: 'GET',
    path: `${page}/ui`,
    auth: 'developer',
    response: UiDocumentBody,
    summary: "A page's UI document",
  }),
  updatePageUI: defineRoute({
    name: 'uiBuilder.updatePageUI',
    method: 'PUT',
    path: `${page}/ui`,
    auth: 'developer',
    body: UiDocumentBody,
    response: UiDocumentBody,
    summary: "Saves a page's UI document after validating it (400 naming every problem); answers it as stored",
  }),
  getPageLogic: pageLogic.get,
  createPageLogic: pageLogic.create,
  updatePageLogic: pageLogic.update,
  deletePageLogic: pageLogic.delete,
  deletePageUnusedLogic: pageLogic.deleteUnused,
  createLayout: defineRoute({
    name: 'uiBuilder.createLayout',
    method: 'POST',
    path: `${container}/layouts`,
    auth: 'developer',
    body: LayoutBody,
    response: UiLayoutSummarySchema,
    summary: 'Creates a layout with an empty document',
  }),
  updateLayout: defineRoute({
    name: 'uiBuilder.updateLayout',
    method: 'PUT',
    path: layout,
    auth: 'developer',
    body: LayoutBody,
    response: UiLayoutSummarySchema,
    summary: "Changes a layout's title",
  }),
  deleteLayout: defineRoute({
    name: 'uiBuilder.deleteLayout',
    method: 'DELETE',
    path: layout,
    auth: 'developer',
    response: SuccessSchema,
    summary: 'Deletes a layout and its logic (409 while a page uses it)',
  }),
  getLayoutUI: defineRoute({
    name: 'uiBuilder.getLayoutUI',
    method: 'GET',
    path: `${layout}/ui`,
    auth: 'developer',
    response: UiDocumentBody,
    summary: "A layout's UI document",
  }),
  updateLayoutUI: defineRoute({
    name: 'uiBuilder.updateLayoutUI',
    method: 'PUT',
    path: `${layout}/ui`,
    auth: 'developer',
    body: UiDocumentBody,
    response: UiDocumentBody,
    summary: "Saves a layout's UI document after validating it",
  }),
  getLayoutLogic: layoutLogic.get,
  createLayoutLogic: layoutLogic.create,
  updateLayoutLogic: layoutLogic.update,
  deleteLayoutLogic: layoutLogic.delete,
  deleteLayoutUnusedLogic: layoutLogic.deleteUnused,
} as const;

/** The rest of the reference client's group: answers 501 until built. */
const plannedUiRoutes = plannedRoutes('ui', 'uiBuilder', {
  loadSDKStyles: ['GET', `${base}/library/sdk/styles`],
  loadLayoutTemplates: ['GET', `${base}/library/layout-templates`],
  loadPageTemplates: ['GET', `${base}/library/page-templates`],
  loadCustomComponentTemplates: ['GET', `${base}/library/custom-component-templates`],
  loadContainerBackups: ['GET', `${container}/backups`],
  updateContainerBackupsPolicy: ['PUT', `${container}/backups/policy`],
  createContainerBackup: ['POST', `${container}/backups`],
  deleteContainerBackups: ['DELETE', `${container}/backups`],
  getBackupDownloadLink: ['GET', `${container}/backups/download/sign/:backupId`],
  uploadBackup: ['POST', `${container}/backups/upload`],
  addReferenceToMarketplaceProduct: ['POST', `${container}/components/add-reference`],
  createReusableComponent: ['POST', `${container}/components/reusable`],
  cloneReusableComponent: ['POST', `${reusable}/clone`],
  upgradeReusableComponent: ['POST', `${reusable}/upgrade`],
  loadReusableComponent: ['GET', reusable],
  updateReusableComponent: ['PUT', reusable],
  deleteReusableComponent: ['DELETE', reusable],
  updateReusableComponentUI: ['PUT', `${reusable}/ui`],
  getReusableComponentLogic: ['GET', `${reusable}/logic/:componentUid/:handlerName`],
  updateReusableComponentLogic: ['PUT', `${reusable}/logic/:componentUid`],
  createReusableComponentLogic: ['POST', `${reusable}/logic/:componentUid/:handlerName`],
  deleteReusableComponentLogic: ['DELETE', `${reusable}/logic/:componentUid/:handlerName`],
  deleteReusableComponentUnusedLogic: ['DELETE', `${reusable}/unused-logic`],
  createCustomComponent: ['POST', `${container}/components/custom`],
  cloneCustomComponent: ['POST', `${custom}/clone`],
  upgradeCustomComponent: ['POST', `${custom}/upgrade`],
  loadCustomComponent: ['GET', custom],
  deleteCustomComponent: ['DELETE', custom],
  updateCustomComponent: ['PUT', custom],
  updateCustomComponentPreview: ['PUT', `${custom}/preview`],
  loadComponentFileContent: ['GET', `${custom}/content/:fileId`],
  updateCustomComponentFiles: ['PUT', `${custom}/content`],
  uploadCustomComponentFiles: ['POST', `${custom}/files`],
  getCustomComponentFileDownloadLink: ['GET', `${custom}/files/sign`],
  loadContainerFunctions: ['GET', `${container}/functions`],
  createContainerFunction: ['POST', `${container}/functions`],
  updateContainerFunction: ['PUT', `${container}/functions/:id`],
  deleteContainerFunction: ['DELETE', `${container}/functions/:id`],
  deleteContainerFunctionsPack: ['DELETE', `${container}/functions/remove-functions-pack/:productId`],
  loadContainerFunctionLogic: ['GET', `${container}/functions/:id/logic`],
  updateContainerFunctionLogic: ['PUT', `${container}/functions/:id/logic`],
  installCustomFunctionsFromMarketplace: ['POST', `${container}/functions/install/:productId`],
  saveAutomationsTriggers: ['PUT', `${container}/automations`],
});

/**
 * The UI Builder (`uiBuilder` group of the reference client, decision 0080): containers, pages,
 * layouts, their UI documents and logic, publishing; the rest answers 501 until built. Paths are
 * declared without the trailing slash the reference client leaves on the logic update routes
 * (`…/logic/{uid}/`): the server treats both as one.
 */
export const uiBuilderRoutes = {
  ...builtRoutes,
  ...uiLookRoutes,
  ...plannedUiRoutes,
  installComponentFromMarketplace: defineRoute({
    name: 'uiBuilder.installComponentFromMarketplace',
    method: 'POST',
    path: `${container}/components/install/:productId`,
    auth: 'developer',
    devPermission: DevOperations.MARKETPLACE_PURCHASE,
    body: Type.Optional(InstallProductBody),
    response: MarketplaceInstallSchema,
    summary: 'Installs a UI component product (allocated to the app) into the container as a component (decision 0088)',
  }),
};
