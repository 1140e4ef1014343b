import { ResponseCache } from '@basalt/sdk';

/**
 * A response cache that keeps nothing, for the console's SDK client. TanStack Query is the
 * console's one cache: with the SDK's cache on as well, every write had to be flushed from both
 * (the Files area flushed the SDK's cached folder counts by hand), and a refetch could be answered
 * from the SDK instead of the server (docs/decisions/0038-one-console-data-path.md). Other SDK
 * users keep the cache; only the console builds its client with this one.
 */
export class NoResponseCache extends ResponseCache {
  override get(): undefined {
    return undefined;
  }

  override set(): void {}
}
