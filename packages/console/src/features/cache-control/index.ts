/** What the cache-control rules offer the rest of the console: the rules table of Security › Safety. */
export { CacheRulesCard } from './components/CacheRulesCard';
