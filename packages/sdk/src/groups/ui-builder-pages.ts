import { segment } from '../transport/encode.js';
import type { Transports } from '../transport/channels.js';
import type { GroupContext } from './group-context.js';
import type { UiAnswer, UiBody } from './ui-builder-containers.js';
import { box, logicPath } from './ui-builder-wire.js';

/**
 * The UI, logic and unused-logic routes that pages, layouts and reusable components share under
 * their own path (`…/pages/{name}`, `…/layouts/{id}`, `…/components/reusable/{id}`).
 */
function ownerRoutes(request: Transports) {
  return {
    getUI: (owner: string): Promise<UiAnswer> => request.get(`${owner}/ui`),
    updateUI: (owner: string, data: unknown): Promise<UiAnswer> => request.put(`${owner}/ui`, data),
    getLogic: (owner: string, uid: string, handler: string): Promise<UiAnswer> =>
      request.get(logicPath(owner, uid, handler)),
    /** Creates an empty handler: no body. */
    createLogic: (owner: string, uid: string, handler: string): Promise<UiAnswer> =>
      request.post(logicPath(owner, uid, handler)),
    /** The component's logic as a whole: the URL ends in `…/logic/{uid}/`. */
    updateLogic: (owner: string, uid: string, data: unknown): Promise<UiAnswer> =>
      request.put(logicPath(owner, uid), data),
    deleteLogic: (owner: string, uid: string, handler: string): Promise<UiAnswer> =>
      request.delete(logicPath(owner, uid, handler)),
    /** DELETE with `{componentUids}` as its body. */
    deleteUnused: (owner: string, componentUids: string[]): Promise<UiAnswer> =>
      request.delete(`${owner}/unused-logic`, { componentUids }),
  };
}

/** Pages, layouts, reusable and custom components, functions and automations of the `uiBuilder` group. */
export function createUiBuilderPageMethods({ request }: GroupContext) {
  const o = ownerRoutes(request);
  const page = (a: string, c: string, name: string) => `${box(a, c)}/pages/${segment(name)}`;
  const layout = (a: string, c: string, id: string) => `${box(a, c)}/layouts/${segment(id)}`;
  const reusable = (a: string, c: string, id = '') => `${box(a, c)}/components/reusable${id && `/${segment(id)}`}`;
  const custom = (a: string, c: string, id = '') => `${box(a, c)}/components/custom${id && `/${segment(id)}`}`;
  const fns = (a: string, c: string) => `${box(a, c)}/functions`;
  type S = string;
  return {
    /** `{name, title?, layoutId?}`. */
    createPage: (appId: S, containerName: S, data: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/pages`, data),
    /** Metadata (title, layout; a new `name` renames). */
    updatePage: (appId: S, containerName: S, pageName: S, page_: UiBody): Promise<UiAnswer> =>
      request.put(page(appId, containerName, pageName), page_),
    deletePage: (appId: S, containerName: S, pageName: S): Promise<UiAnswer> =>
      request.delete(page(appId, containerName, pageName)),
    /** The page document: `{root, dataSources}`. */
    getPageUI: (appId: S, containerName: S, pageName: S): Promise<UiAnswer> =>
      o.getUI(page(appId, containerName, pageName)),
    /** Saves the page document; 400 names the node or data source the server refused. */
    updatePageUI: (appId: S, containerName: S, pageName: S, data: unknown): Promise<UiAnswer> =>
      o.updateUI(page(appId, containerName, pageName), data),
    getPageLogic: (appId: S, containerName: S, pageName: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.getLogic(page(appId, containerName, pageName), componentUid, handlerName),
    createPageLogic: (appId: S, containerName: S, pageName: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.createLogic(page(appId, containerName, pageName), componentUid, handlerName),
    updatePageLogic: (appId: S, containerName: S, pageName: S, componentUid: S, data: unknown): Promise<UiAnswer> =>
      o.updateLogic(page(appId, containerName, pageName), componentUid, data),
    deletePageLogic: (appId: S, containerName: S, pageName: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.deleteLogic(page(appId, containerName, pageName), componentUid, handlerName),
    deletePageUnusedLogic: (appId: S, containerName: S, pageName: S, componentUids: S[]): Promise<UiAnswer> =>
      o.deleteUnused(page(appId, containerName, pageName), componentUids),

    addReferenceToMarketplaceProduct: (appId: S, containerName: S, data: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/components/add-reference`, data),
    installComponentFromMarketplace: (appId: S, containerName: S, productId: S, data?: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/components/install/${segment(productId)}`, data),

    createLayout: (appId: S, containerName: S, data: UiBody): Promise<UiAnswer> =>
      request.post(`${box(appId, containerName)}/layouts`, data),
    updateLayout: (appId: S, containerName: S, layoutId: S, data: UiBody): Promise<UiAnswer> =>
      request.put(layout(appId, containerName, layoutId), data),
    deleteLayout: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.delete(layout(appId, containerName, id)),
    getLayoutUI: (appId: S, containerName: S, id: S): Promise<UiAnswer> => o.getUI(layout(appId, containerName, id)),
    updateLayoutUI: (appId: S, containerName: S, id: S, data: unknown): Promise<UiAnswer> =>
      o.updateUI(layout(appId, containerName, id), data),
    getLayoutLogic: (appId: S, containerName: S, id: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.getLogic(layout(appId, containerName, id), componentUid, handlerName),
    updateLayoutLogic: (appId: S, containerName: S, id: S, componentUid: S, data: unknown): Promise<UiAnswer> =>
      o.updateLogic(layout(appId, containerName, id), componentUid, data),
    createLayoutLogic: (appId: S, containerName: S, id: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.createLogic(layout(appId, containerName, id), componentUid, handlerName),
    deleteLayoutLogic: (appId: S, containerName: S, id: S, componentUid: S, handlerName: S): Promise<UiAnswer> =>
      o.deleteLogic(layout(appId, containerName, id), componentUid, handlerName),
    deleteLayoutUnusedLogic: (appId: S, containerName: S, id: S, componentUids: S[]): Promise<UiAnswer> =>
      o.deleteUnused(layout(appId, containerName, id), componentUids),

    createReusableComponent: (appId: S, containerName: S, data: UiBody): Promise<UiAnswer> =>
      request.post(reusable(appId, containerName), data),
    cloneReusableComponent: (appId: S, containerName: S, id: S, data?: UiBody): Promise<UiAnswer> =>
      request.post(`${reusable(appId, containerName, id)}/clone`, data),
    upgradeReusableComponent: (appId: S, containerName: S, id: S, data?: UiBody): Promise<UiAnswer> =>
      request.post(`${reusable(appId, containerName, id)}/upgrade`, data),
    loadReusableComponent: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.get(reusable(appId, containerName, id)),
    /** The id comes from `data.id`. */
    updateReusableComponent: (appId: S, containerName: S, data: UiBody & { id: S }): Promise<UiAnswer> =>
      request.put(reusable(appId, containerName, data.id), data),
    deleteReusableComponent: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.delete(reusable(appId, containerName, id)),
    updateReusableComponentUI: (appId: S, containerName: S, id: S, data: unknown): Promise<UiAnswer> =>
      o.updateUI(reusable(appId, containerName, id), data),
    getReusableComponentLogic: (
      appId: S,
      containerName: S,
      id: S,
      componentUid: S,
      handlerName: S,
    ): Promise<UiAnswer> => o.getLogic(reusable(appId, containerName, id), componentUid, handlerName),
    updateReusableComponentLogic: (
      appId: S,
      containerName: S,
      id: S,
      componentUid: S,
      data: unknown,
    ): Promise<UiAnswer> => o.updateLogic(reusable(appId, containerName, id), componentUid, data),
    createReusableComponentLogic: (
      appId: S,
      containerName: S,
      id: S,
      componentUid: S,
      handlerName: S,
    ): Promise<UiAnswer> => o.createLogic(reusable(appId, containerName, id), componentUid, handlerName),
    deleteReusableComponentLogic: (
      appId: S,
      containerName: S,
      id: S,
      componentUid: S,
      handlerName: S,
    ): Promise<UiAnswer> => o.deleteLogic(reusable(appId, containerName, id), componentUid, handlerName),
    deleteReusableComponentUnusedLogic: (appId: S, containerName: S, id: S, componentUids: S[]): Promise<UiAnswer> =>
      o.deleteUnused(reusable(appId, containerName, id), componentUids),

    createCustomComponent: (appId: S, containerName: S, data: UiBody): Promise<UiAnswer> =>
      request.post(custom(appId, containerName), data),
    cloneCustomComponent: (appId: S, containerName: S, id: S, data?: UiBody): Promise<UiAnswer> =>
      request.post(`${custom(appId, containerName, id)}/clone`, data),
    upgradeCustomComponent: (appId: S, containerName: S, id: S, data?: UiBody): Promise<UiAnswer> =>
      request.post(`${custom(appId, containerName, id)}/upgrade`, data),
    loadCustomComponent: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.get(custom(appId, containerName, id)),
    deleteCustomComponent: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.delete(custom(appId, containerName, id)),
    /** The id comes from `data.id`. */
    updateCustomComponent: (appId: S, containerName: S, data: UiBody & { id: S }): Promise<UiAnswer> =>
      request.put(custom(appId, containerName, data.id), data),
    updateCustomComponentPreview: (appId: S, containerName: S, id: S, data: unknown): Promise<UiAnswer> =>
      request.put(`${custom(appId, containerName, id)}/preview`, data),
    loadComponentFileContent: (appId: S, containerName: S, id: S, fileId: S): Promise<UiAnswer> =>
      request.get(`${custom(appId, containerName, id)}/content/${segment(fileId)}`),
    /** The file-content route without a file id (URL ends `…/content/`), body `{files}`. */
    updateCustomComponentFiles: (appId: S, containerName: S, id: S, files: unknown): Promise<UiAnswer> =>
      request.put(`${custom(appId, containerName, id)}/content/`, { files }),
    uploadCustomComponentFiles: (appId: S, containerName: S, id: S, data: unknown): Promise<UiAnswer> =>
      request.post(`${custom(appId, containerName, id)}/files`, data),
    /** The file id travels in the query (`?fileId=`). */
    getCustomComponentFileDownloadLink: (appId: S, containerName: S, id: S, fileId: S): Promise<UiAnswer> =>
      request.get(`${custom(appId, containerName, id)}/files/sign`, { query: { fileId } }),

    loadContainerFunctions: (appId: S, containerName: S): Promise<UiAnswer> => request.get(fns(appId, containerName)),
    createContainerFunction: (appId: S, containerName: S, fn: UiBody): Promise<UiAnswer> =>
      request.post(fns(appId, containerName), fn),
    updateContainerFunction: (appId: S, containerName: S, id: S, definition: UiBody): Promise<UiAnswer> =>
      request.put(`${fns(appId, containerName)}/${segment(id)}`, definition),
    deleteContainerFunction: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.delete(`${fns(appId, containerName)}/${segment(id)}`),
    deleteContainerFunctionsPack: (appId: S, containerName: S, productId: S): Promise<UiAnswer> =>
      request.delete(`${fns(appId, containerName)}/remove-functions-pack/${segment(productId)}`),
    loadContainerFunctionLogic: (appId: S, containerName: S, id: S): Promise<UiAnswer> =>
      request.get(`${fns(appId, containerName)}/${segment(id)}/logic`),
    updateContainerFunctionLogic: (appId: S, containerName: S, id: S, data: unknown): Promise<UiAnswer> =>
      request.put(`${fns(appId, containerName)}/${segment(id)}/logic`, data),
    /** No body. */
    installCustomFunctionsFromMarketplace: (appId: S, containerName: S, productId: S): Promise<UiAnswer> =>
      request.post(`${fns(appId, containerName)}/install/${segment(productId)}`),

    /** UI events that start automation flows. */
    saveAutomationsTriggers: (appId: S, containerName: S, triggers: unknown): Promise<UiAnswer> =>
      request.put(`${box(appId, containerName)}/automations`, triggers),
  };
}
