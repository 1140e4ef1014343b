/** What the Settings area offers the rest of the console. */
export { ApiKeysCard } from './components/ApiKeysCard';
