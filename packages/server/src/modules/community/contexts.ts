import type { Databases } from '../../db/dialect.js';
import { ApiError } from '../../http/api-error.js';
import { loadAppAccess } from '../../http/dev-access.js';
import { MarketplaceRepo } from '../marketplace/marketplace.repo.js';
import type { CommunityRepo } from './community.repo.js';

/**
 * What comments and reviews can be about (decision 0083). Each context checks that its item exists
 * and that the developer may see it, and names who moderates it. Until the instance operator role
 * exists, moderators are the item's owner: an app's owner for `app` (its team's discussion), the
 * profile's developer for `profile`, a product's developer for `marketplace`. Instance operators
 * moderate every item besides (DiscussionService asks them separately).
 */
export interface DiscussionContext {
  /** Throws 404 when the item does not exist or is not visible to the developer. */
  check(developerId: string, itemId: string): Promise<void>;
  moderators(itemId: string): Promise<string[]>;
  /** Whether the developer bought the item (a review's verified-purchase flag); absent: never. */
  bought?(developerId: string, itemId: string): Promise<boolean>;
}

export function discussionContexts(
  dbs: Databases,
  repo: CommunityRepo,
  isOperator: (developerId: string) => Promise<boolean>,
): Record<string, DiscussionContext> {
  const market = new MarketplaceRepo(dbs);
  return {
    // Products of the marketplace (decision 0088): seen when approved, or by their developer and operators.
    marketplace: {
      async check(developerId, itemId) {
        const product = await market.product(itemId);
        const seen =
          !!product &&
          (product.developer_id === developerId ||
            (product.status === 'approved' && JSON.parse(product.private_devs).length === 0) ||
            (product.status === 'approved' &&
              (JSON.parse(product.private_devs) as string[]).includes(
                ((await repo.developerEmail(developerId)) ?? '').toLowerCase(),
              )) ||
            (await isOperator(developerId)));
        if (!seen) throw ApiError.notFound(`Product '${itemId}' not found`);
      },
      async moderators(itemId) {
        const product = await market.product(itemId);
        return product ? [product.developer_id] : [];
      },
      bought: (developerId, itemId) => market.boughtBy(developerId, itemId),
    },
    app: {
      async check(developerId, itemId) {
        await loadAppAccess(dbs, developerId, itemId);
      },
      async moderators(itemId) {
        const owner = await repo.appOwner(itemId);
        return owner ? [owner] : [];
      },
    },
    profile: {
      async check(_developerId, itemId) {
        if (!(await repo.profile(itemId))) throw ApiError.notFound(`Profile '${itemId}' not found`);
      },
      async moderators(itemId) {
        return [itemId];
      },
    },
  };
}

export function contextOf(contexts: Record<string, DiscussionContext>, name: string): DiscussionContext {
  const context = Object.hasOwn(contexts, name) ? contexts[name] : undefined;
  if (!context) throw ApiError.notFound(`Context '${name}' not found (known: ${Object.keys(contexts).join(', ')})`);
  return context;
}
