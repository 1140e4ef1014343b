/** What the Cloud Code area offers the rest of the console. */
export { codeKeys } from './api/code.keys';
export { useGetServices } from './api/services.queries';
