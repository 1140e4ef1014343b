import type { FastifyInstance } from 'fastify';
import { BUILTIN_COMPONENTS, Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import type { ContainersService } from './containers.service.js';
import type { DocumentsService } from './documents.service.js';
import type { PublishService } from './publish.service.js';

/** `publishContainer` options: a description when one is given as text, nothing else is read. */
function optionsOf(body: unknown): { description?: string } {
  const d = body && typeof body === 'object' ? (body as { description?: unknown }).description : undefined;
  if (d !== undefined && (typeof d !== 'string' || d.length > 500))
    throw ApiError.badRequest('description must be text of at most 500 characters');
  return d === undefined ? {} : { description: d };
}

/** Containers, pages, layouts, their UI documents and logic (`uiBuilder` group, decision 0080). */
export function registerUiBuilderRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  containers: ContainersService,
  docs: DocumentsService,
  publish: PublishService,
): void {
  const R = Routes.uiBuilder;
  handle(app, ctx, R.publishContainer, ({ params, body, developer }) =>
    publish.publish(params.appId, params.containerName, optionsOf(body), developer.email, developer.id),
  );
  handle(app, ctx, R.loadContainerPublications, ({ params }) => publish.history(params.appId, params.containerName));
  handle(app, ctx, R.rollbackContainerPublication, ({ params }) =>
    publish.rollback(params.appId, params.containerName, params.number),
  );
  handle(app, ctx, R.init, ({ params }) => containers.init(params.appId));
  handle(app, ctx, R.loadSDKComponents, () => BUILTIN_COMPONENTS.map((c) => ({ ...c, id: c.type })));
  handle(app, ctx, R.createContainer, ({ params, body }) => containers.create(params.appId, body));
  handle(app, ctx, R.loadContainer, ({ params }) => containers.load(params.appId, params.containerName));
  handle(app, ctx, R.updateContainer, ({ params, body }) =>
    containers.update(params.appId, params.containerName, body),
  );
  handle(app, ctx, R.deleteContainer, ({ params }) => containers.remove(params.appId, params.containerName));
  handle(app, ctx, R.loadRemovedContainers, ({ params }) => containers.removed(params.appId));
  handle(app, ctx, R.deleteRemovedContainer, ({ params }) => containers.purge(params.appId, params.containerName));
  handle(app, ctx, R.restoreRemovedContainer, ({ params }) => containers.restore(params.appId, params.containerName));

  handle(app, ctx, R.createPage, ({ params, body }) => docs.createPage(params.appId, params.containerName, body));
  handle(app, ctx, R.updatePage, ({ params, body }) =>
    docs.updatePage(params.appId, params.containerName, params.pageName, body),
  );
  handle(app, ctx, R.deletePage, ({ params }) => docs.deletePage(params.appId, params.containerName, params.pageName));
  handle(app, ctx, R.getPageUI, ({ params }) =>
    docs.getUI(params.appId, params.containerName, 'page', params.pageName),
  );
  handle(app, ctx, R.updatePageUI, ({ params, body }) =>
    docs.updateUI(params.appId, params.containerName, 'page', params.pageName, body),
  );
  handle(app, ctx, R.getPageLogic, ({ params: p }) =>
    docs.getLogic(p.appId, p.containerName, 'page', p.pageName, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.createPageLogic, ({ params: p }) =>
    docs.createLogic(p.appId, p.containerName, 'page', p.pageName, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.updatePageLogic, ({ params: p, body }) =>
    docs.updateLogic(p.appId, p.containerName, 'page', p.pageName, p.componentUid, body),
  );
  handle(app, ctx, R.deletePageLogic, ({ params: p }) =>
    docs.deleteLogic(p.appId, p.containerName, 'page', p.pageName, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.deletePageUnusedLogic, ({ params: p, body }) =>
    docs.deleteUnusedLogic(p.appId, p.containerName, 'page', p.pageName, body.componentUids),
  );

  handle(app, ctx, R.createLayout, ({ params, body }) => docs.createLayout(params.appId, params.containerName, body));
  handle(app, ctx, R.updateLayout, ({ params, body }) =>
    docs.updateLayout(params.appId, params.containerName, params.layoutId, body),
  );
  handle(app, ctx, R.deleteLayout, ({ params }) =>
    docs.deleteLayout(params.appId, params.containerName, params.layoutId),
  );
  handle(app, ctx, R.getLayoutUI, ({ params }) =>
    docs.getUI(params.appId, params.containerName, 'layout', params.layoutId),
  );
  handle(app, ctx, R.updateLayoutUI, ({ params, body }) =>
    docs.updateUI(params.appId, params.containerName, 'layout', params.layoutId, body),
  );
  handle(app, ctx, R.getLayoutLogic, ({ params: p }) =>
    docs.getLogic(p.appId, p.containerName, 'layout', p.layoutId, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.createLayoutLogic, ({ params: p }) =>
    docs.createLogic(p.appId, p.containerName, 'layout', p.layoutId, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.updateLayoutLogic, ({ params: p, body }) =>
    docs.updateLogic(p.appId, p.containerName, 'layout', p.layoutId, p.componentUid, body),
  );
  handle(app, ctx, R.deleteLayoutLogic, ({ params: p }) =>
    docs.deleteLogic(p.appId, p.containerName, 'layout', p.layoutId, p.componentUid, p.handlerName),
  );
  handle(app, ctx, R.deleteLayoutUnusedLogic, ({ params: p, body }) =>
    docs.deleteUnusedLogic(p.appId, p.containerName, 'layout', p.layoutId, body.componentUids),
  );
}
