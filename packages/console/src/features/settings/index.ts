/** What the Settings area offers the rest of the console. */
export { ApiKeysCard } from './components/ApiKeysCard';
export { useAppSettings } from './api/api-keys.queries';
