export * from './errors.js';
export * from './cache.js';
export * from './cache-tags.js';
export * from './encode.js';
export * from './context.js';
export * from './transport.js';
export * from './channels.js';
