import type { InvalidationBus } from '../../../cluster/invalidation.js';
import type { ServiceRecord } from '../store/index.js';
import type { StoredServiceSpec } from './method-routes.js';

/** What a call of a service needs besides the code: the copy that answers, its parsed spec and its opened configuration. */
export interface InvocationEntry {
  service: ServiceRecord;
  spec: StoredServiceSpec;
  /** The stored configuration values (secrets sealed): a remote service's settings. */
  stored: Record<string, unknown>;
  /** The configuration values the code reads (secrets opened); undefined for remote services. */
  config?: Record<string, unknown>;
}

/** A safety net for a change whose message could not travel (decision 0030); changes drop entries at once. */
const TTL_MS = 10_000;
const MAX_APPS = 1_000;
const MAX_SERVICES_PER_APP = 500;

/**
 * Services by app and name as the app API calls them (decision 0056): three reads per call (the
 * copies of the name, the chosen default model, the configuration values) become one map lookup.
 * Every write that changes what a call would read — deploys and rollbacks, deleting a service,
 * its description, its default model, its configuration — announces `services` on the bus after
 * it commits, which drops the app's entries in every process. Only found services are kept, so a
 * service created a moment ago answers at once.
 */
export class InvocationMemory {
  private readonly apps = new Map<string, Map<string, InvocationEntry & { at: number }>>();

  constructor(private readonly bus: InvalidationBus) {
    bus.register('services', (appId) => (appId === null ? this.apps.clear() : this.apps.delete(appId)));
  }

  async get(
    appId: string,
    name: string,
    load: () => Promise<InvocationEntry | undefined>,
  ): Promise<InvocationEntry | undefined> {
    const hit = this.apps.get(appId)?.get(name);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const version = this.bus.version(appId);
    const loaded = await load();
    if (!loaded || this.bus.version(appId) !== version) return loaded;
    let services = this.apps.get(appId);
    if (!services) {
      if (this.apps.size >= MAX_APPS) this.apps.delete(this.apps.keys().next().value as string);
      this.apps.set(appId, (services = new Map()));
    }
    if (services.size >= MAX_SERVICES_PER_APP) services.clear();
    services.set(name, { ...loaded, at: Date.now() });
    return loaded;
  }
}
