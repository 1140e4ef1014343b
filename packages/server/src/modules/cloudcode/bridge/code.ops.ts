import type { ServerContext } from '../../../context.js';
import type { ServicesService } from '../services/services.service.js';
import { ServiceInvoker } from '../appapi/invoke.service.js';
import { text, type Args } from './args.js';
import type { OpFn } from './data.ops.js';

/** Other services and custom events, called by the code as its own caller (one level deeper). */
export function codeOps(ctx: ServerContext, services: ServicesService): Record<string, OpFn> {
  const invoker = new ServiceInvoker(ctx, services);
  return {
    'services.invoke': async (p, a: Args) =>
      (
        await invoker.invokeByName(
          p,
          text(a, 'service', 'services.invoke'),
          text(a, 'method', 'services.invoke'),
          a.args,
        )
      ).run(),
    'events.dispatch': async (p, a: Args) =>
      (
        await invoker.dispatchEvent(p, text(a, 'name', 'events.dispatch'), a.args ?? {}, {
          verb: 'POST',
          path: '',
          headers: {},
          query: {},
        })
      ).run(),
  };
}
