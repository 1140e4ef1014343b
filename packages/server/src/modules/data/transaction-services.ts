import type { ServerContext } from '../../context.js';
import { afterCommit } from '../../db/app-transaction.js';
import { settledValue, track } from '../../settled.js';
import type { DataArea } from './data-area.js';
import type { DataServices } from './index.js';
import { servicesOver } from './data-services.js';
import { loadAppSchema, type AppSchema, type SchemaCache } from './schema/app-schema.js';

/**
 * The data services inside a transaction's view of the context (db/app-transaction.ts): the same
 * classes over a data area whose context is the view, so every statement they run goes into the
 * transaction and every event they publish waits for its commit.
 *
 * The schema is pinned for the transaction's length: the first use takes the server's cached
 * schema (or reads it through the transaction when none is cached). The server's cache is never
 * loaded from inside a transaction: on SQLite its load would wait for the connection that this very
 * transaction holds. A schema change made inside (none is today: units refuse it) drops the pin at
 * once and the server's schema after the commit.
 */
export function servicesWithin(scoped: ServerContext, rootArea: DataArea): DataServices {
  const pinned = new Map<string, Promise<AppSchema>>();
  const reread = new Set<string>();
  const area = Object.create(rootArea, { ctx: { value: scoped } }) as DataArea;
  const pin = (appId: string): Promise<AppSchema> | undefined => {
    let p = pinned.get(appId);
    if (!p && !reread.has(appId)) {
      const known = rootArea.schemas.peek(appId);
      if (known) {
        p = track(Promise.resolve(known));
        pinned.set(appId, p);
      }
    }
    return p;
  };
  const schemas = {
    get(appId: string): Promise<AppSchema> {
      let p = pin(appId);
      if (!p) {
        p = track(loadAppSchema(area.db(appId)));
        pinned.set(appId, p);
      }
      return p;
    },
    peek(appId: string): AppSchema | undefined {
      return settledValue(pin(appId))?.value;
    },
    invalidate(appId: string): void {
      pinned.delete(appId);
      reread.add(appId);
      afterCommit(scoped, () => rootArea.schemas.invalidate(appId));
    },
  };
  Object.defineProperty(area, 'schemas', { value: schemas as unknown as SchemaCache });
  // Every service of a view is the view's own: one left from the server would reach the store
  // outside the transaction (and, on SQLite, wait for the connection the transaction holds). They
  // make no views of their own: a transaction is never opened inside another.
  return servicesOver(area, () => {
    throw new Error('a transaction is open already');
  });
}
