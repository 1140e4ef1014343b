import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { InvalidationBus } from '../../../cluster/invalidation.js';
import type { DomainsRepo, RoutedDomain } from './domains.repo.js';

/** Where the published web files of a custom domain's app are served (files.site.ts). */
export const SITE_PREFIX = '/.basalt-site';
/** Paths of a custom domain that reach the app API: `/api/data/Person` is `/{appId}/{jsKey}/data/Person`. */
const API_PATH = /^\/api(?=\/|\?|$)/;

/**
 * Custom domains (decision 0062): a request whose `Host` is an app's custom domain reaches that
 * app without its id or key in the path. `/api/…` is the app's API, acting as the app's JS key (the
 * key a browser page carries anyway, with the JS client's role); every other path is the app's
 * published web files under `web/` (index.html for `/`). Hosts are matched exactly, lower-cased and
 * without the port; an unknown host is routed as usual.
 *
 * Fastify asks `rewrite` for every request before routing (its `rewriteUrl`), so the table of host
 * names is in memory: read whole at start and again after any change of a domain or of an API key
 * (the `domains` and `access` invalidations, in every process). A site request carries its app
 * only in this process's memory of the request (`siteOf`), never in its URL: no Host header and no
 * path can name another app's files.
 */
export class DomainRouter {
  private hosts = new Map<string, RoutedDomain>();
  /** Requests rewritten to the site route, with the app whose files they may read. */
  private readonly sites = new WeakMap<IncomingMessage, string>();
  private loading: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly repo: DomainsRepo,
    private readonly log: FastifyBaseLogger,
    bus?: InvalidationBus,
  ) {
    bus?.register('domains', () => void this.reload());
    // A regenerated JS key changes what `/api/…` requests act as.
    bus?.register('access', () => void this.reload());
  }

  /** Reads the table again (coalesced: a change during a read reads once more afterwards). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        try {
          const rows = await this.repo.routed();
          this.hosts = new Map(rows.map((d) => [d.domainName, d]));
        } catch (err) {
          this.log.error({ err }, 'Reading the custom domains failed');
        }
      } while (this.again);
    })().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** The URL Fastify routes `req` by: rewritten when its Host is a custom domain, else as sent. */
  rewrite(req: IncomingMessage): string {
    const url = req.url ?? '/';
    if (this.hosts.size === 0) return url;
    const domain = this.lookup(req.headers.host);
    if (!domain) return url;
    // The first request for a pending domain shows its DNS reaches the server: it becomes active.
    if (!domain.verified) {
      domain.verified = true;
      this.repo
        .markVerified(domain.domainId, Date.now())
        .catch((err: unknown) => this.log.warn({ err }, 'Marking a custom domain active failed'));
    }
    if (API_PATH.test(url)) {
      const rest = url.replace(API_PATH, '');
      return `/${domain.appId}/${domain.jsKey}${rest.startsWith('?') ? `/${rest}` : rest}`;
    }
    this.sites.set(req, domain.appId);
    return `${SITE_PREFIX}${url.startsWith('/') ? url : `/${url}`}`;
  }

  /** The app whose web files a rewritten site request reads; undefined for any other request. */
  siteOf(req: IncomingMessage): string | undefined {
    return this.sites.get(req);
  }

  /** The domain a Host header names: lower-cased, port and a trailing dot dropped, matched exactly. */
  lookup(host: string | undefined): RoutedDomain | undefined {
    if (!host) return undefined;
    const name = host.toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
    return this.hosts.get(name);
  }
}
