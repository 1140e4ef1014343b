import type { ClientContext } from './context.js';
import { Transport } from './transport.js';

/** Hosts of the optional separate services; each falls back to the main server when absent. */
export interface ChannelOptions {
  /** Host of billing calls. */
  billingURL?: string | null;
  /** Base64 `user:password` sent as `Authorization: Basic …` on billing calls (only with `billingURL`). */
  billingAuth?: string | null;
  /** Host of community, marketplace and profile calls; `/console/community` is removed from paths. */
  communityURL?: string | null;
  /** Host of SQL-service calls; paths unchanged. */
  sqlServiceURL?: string | null;
  /** Host of automation calls; `/console/automation` is removed from paths. */
  automationURL?: string | null;
  /** Host of node-server calls; `/api/node-server` is removed from paths. */
  nodeApiURL?: string | null;
}

/**
 * The main channel with the special ones hanging off it, as `client.request` exposes them:
 * `request.billing`, `.community`, `.sqlService`, `.automation`, `.nodeAPI`.
 */
export interface Transports extends Transport {
  billing: Transport;
  community: Transport;
  sqlService: Transport;
  automation: Transport;
  nodeAPI: Transport;
}

/** Creates a client's channels over one shared context. */
export function createTransports(ctx: ClientContext, options: ChannelOptions = {}): Transports {
  const main = new Transport(ctx, 'main');
  const billingHeaders =
    options.billingURL && options.billingAuth ? { Authorization: `Basic ${options.billingAuth}` } : undefined;
  return Object.assign(main, {
    billing: new Transport(ctx, 'billing', { baseUrl: options.billingURL, headers: billingHeaders }),
    community: new Transport(ctx, 'community', { baseUrl: options.communityURL, stripPrefix: '/console/community' }),
    sqlService: new Transport(ctx, 'sqlService', { baseUrl: options.sqlServiceURL }),
    automation: new Transport(ctx, 'automation', {
      baseUrl: options.automationURL,
      stripPrefix: '/console/automation',
    }),
    nodeAPI: new Transport(ctx, 'nodeAPI', { baseUrl: options.nodeApiURL, stripPrefix: '/api/node-server' }),
  });
}
