export * from './errors.js';
export * from './route.js';
export * from './areas.js';
export * from './dev-permissions.js';
export * from './data-types.js';
export * from './routes/index.js';
export * from './where/index.js';
export * from './wildcard.js';
