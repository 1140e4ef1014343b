import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../../context.js';
import { authenticateApp } from '../../../http/app-auth.js';
import { UnitsOfWork } from './unit.service.js';

/**
 * `POST /{appId}/{apiKey}/transaction/unit-of-work`, which the SDK's `UnitOfWork.execute()` calls.
 * A failed operation is a 200 `success: false` naming it (the SDK reads only that); a body that
 * names no operation it could point at is a 400.
 */
export function registerUnitOfWorkRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const units = new UnitsOfWork(ctx);
  app.post('/:appId/:apiKey/transaction/unit-of-work', async (req: FastifyRequest) =>
    units.execute(await authenticateApp(ctx, req), req.body),
  );
}
