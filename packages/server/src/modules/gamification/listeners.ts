import type { ServerContext } from '../../context.js';
import type { Evaluator } from './evaluator.js';

/**
 * The platform events tasks count, from the bus: each listener only hands the event to the
 * evaluator, which works after the publisher has moved on.
 */
export function listenForTasks(ctx: ServerContext, evaluator: Evaluator): void {
  const { bus } = ctx;
  bus.on('table.created', (e) =>
    evaluator.signal({ event: 'table.created', appId: e.appId, developerId: e.developerId, count: 1 }),
  );
  bus.on('record.created', (e) => evaluator.signal({ event: 'record.created', appId: e.appId, count: 1 }));
  bus.on('file.uploaded', (e) => evaluator.signal({ event: 'file.uploaded', appId: e.appId, count: 1 }));
  bus.on('service.deployed', (e) =>
    evaluator.signal({ event: 'service.deployed', appId: e.appId, developerId: e.developerId, count: 1 }),
  );
  bus.on('flow.version.enabled', (e) => evaluator.signal({ event: 'flow.version.enabled', appId: e.appId, count: 1 }));
  bus.on('ui.container.published', (e) =>
    evaluator.signal({ event: 'ui.container.published', appId: e.appId, developerId: e.developerId, count: 1 }),
  );
  // API call volume comes from the meter's rollups as they are written, not from each request.
  ctx.meter.written.push((perApp) => {
    for (const [appId, calls] of perApp) evaluator.signal({ event: 'api.calls', appId, count: calls });
  });
  bus.on('app.deleted', (e) => evaluator.forgetApp(e.appId));
  bus.on('developer.deleted', (e) => evaluator.forgetDeveloper(e.developerId));
}
