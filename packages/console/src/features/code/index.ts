/** What the Cloud Code area offers the rest of the console. */
export { codeKeys } from './api/code.keys';
