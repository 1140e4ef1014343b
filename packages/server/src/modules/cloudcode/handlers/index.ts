import type { ServerModule } from '../../module.js';
import { createTimerLoop } from '../timers/index.js';
import { HandlersService } from './handlers.service.js';
import { registerHandlerRoutes } from './handlers.routes.js';
import { cloudCodeHandlerSource } from './source.js';

/**
 * Cloud code's event handlers and timers (decision 0047): the console routes, the interceptor
 * source the app API's services consult, and the timer loop of this process.
 */
export const cloudCodeHandlersModule: ServerModule = {
  name: 'cloudcode-handlers',
  partOf: ['code'],
  register(app, ctx) {
    ctx.interceptors.addSource(cloudCodeHandlerSource(ctx));
    ctx.cluster.invalidation.register('handlers', (appId) => ctx.interceptors.invalidate(appId));
    const timers = createTimerLoop(ctx);
    registerHandlerRoutes(app, ctx, new HandlersService(ctx), timers);
    if (process.env.BASALT_TIMERS !== 'off') app.addHook('onReady', async () => timers.start());
    app.addHook('preClose', async () => timers.stop(5_000));
  },
};
