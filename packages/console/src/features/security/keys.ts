/**
 * The Security area's query keys on their own: another feature that refreshes Security's data (the
 * advisor after a data setting changes) imports them from here, not from `index.ts`, whose pages
 * import that feature back (an import cycle).
 */
export { securityKeys } from './api/security.keys';
