/** What the Flows area offers the rest of the console. */
export { flowsKeys } from './api/flows.keys';
